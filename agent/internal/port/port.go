// Package port picks free TCP ports on the loopback interface, so that nothing assumes a fixed port is free.
package port

import (
	"fmt"
	"math/rand/v2"
	"net"
)

// Free is a port that nothing listens on now, below the kernel's ephemeral range (32768+) so that an
// outgoing connection (of a load generator, a test) cannot take it before the target binds it.
func Free() (int, error) {
	for range 100 {
		p := 20000 + rand.IntN(12000)
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
		if err == nil {
			ln.Close()
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port found between 20000 and 32000")
}
