// Command contractserver serves the scenario contract (or, with -reference, the reference service) on
// 127.0.0.1:$PORT, for the agent's tests and benchmark. -broken SCENARIO breaks one scenario on purpose.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"

	"podium.dev/agent/internal/testtarget"
)

func main() {
	reference := flag.Bool("reference", false, "serve the reference service instead of a target")
	broken := flag.String("broken", "", "answer this scenario wrongly")
	flag.Parse()
	h := testtarget.Handler(os.Getenv("PODIUM_REFERENCE_URL"), *broken)
	if *reference {
		h = testtarget.Reference()
	}
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), h))
}
