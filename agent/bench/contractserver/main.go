// Command contractserver serves the scenario contract (or, with -reference, the reference service) on
// 127.0.0.1:$PORT, for the agent's tests and benchmark. -broken SCENARIO breaks one scenario on purpose;
// PODIUM_CONTRACT_RATE=R answers at most R requests a second (a setting that makes one variant of an A/B slower).
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"

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
	if r, _ := strconv.ParseFloat(os.Getenv("PODIUM_CONTRACT_RATE"), 64); r > 0 {
		h = testtarget.Limited(h, r)
	}
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), h))
}
