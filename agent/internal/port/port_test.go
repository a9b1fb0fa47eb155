package port

import (
	"fmt"
	"net"
	"testing"
)

func TestFreeIsBindable(t *testing.T) {
	t.Parallel()
	for range 20 {
		p, err := Free()
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
		if err != nil {
			t.Fatalf("port %d was reported free but: %v", p, err)
		}
		ln.Close()
	}
}
