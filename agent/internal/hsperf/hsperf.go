// Package hsperf reads a running HotSpot JVM's performance counters from its hsperfdata file
// (/tmp/hsperfdata_<user>/<pid>, what jstat reads), so that the agent can see the JIT compiler's activity
// without attaching to the JVM or starting a process.
package hsperf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
)

const magic = 0xcafec0c0

// Path is where the JVM with this pid writes its counters: /tmp/hsperfdata_<user>/<pid>.
func Path(pid int) string {
	name := "unknown"
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	// HotSpot writes under /tmp on Linux whatever TMPDIR says (os::get_temp_directory).
	return filepath.Join("/tmp", "hsperfdata_"+name, fmt.Sprint(pid))
}

// Read returns the long counters of the file (e.g. java.ci.totalTime, sun.os.hrt.frequency).
func Read(path string) (map[string]int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse decodes a PerfData buffer (version 2: a 32-byte prologue, then entries) into its long scalars.
func Parse(b []byte) (map[string]int64, error) {
	if len(b) < 32 || binary.BigEndian.Uint32(b) != magic {
		return nil, errors.New("hsperfdata: not a PerfData buffer")
	}
	var order binary.ByteOrder = binary.BigEndian
	if b[4] == 1 {
		order = binary.LittleEndian
	}
	if b[5] != 2 {
		return nil, fmt.Errorf("hsperfdata: version %d.%d, want 2.x", b[5], b[6])
	}
	off, n := int(order.Uint32(b[24:])), int(order.Uint32(b[28:]))
	out := make(map[string]int64, n)
	for range n {
		if off < 0 || off+20 > len(b) {
			return nil, errors.New("hsperfdata: entry past the end")
		}
		e := b[off:]
		length, nameOff, vecLen := int(order.Uint32(e)), int(order.Uint32(e[4:])), order.Uint32(e[8:])
		typ, dataOff := e[12], int(order.Uint32(e[16:]))
		if length <= 0 || length > len(e) || nameOff >= length || dataOff > length {
			return nil, errors.New("hsperfdata: malformed entry")
		}
		name := e[nameOff:length]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if typ == 'J' && vecLen == 0 && dataOff+8 <= length {
			out[string(name)] = int64(order.Uint64(e[dataOff:]))
		}
		off += length
	}
	return out, nil
}

// CompileSeconds is the JIT compilers' total compilation time so far, in seconds, for the JVM with this pid.
func CompileSeconds(pid int) (float64, error) {
	c, err := Read(Path(pid))
	if err != nil {
		return 0, err
	}
	ticks, ok1 := c["java.ci.totalTime"]
	freq, ok2 := c["sun.os.hrt.frequency"]
	if !ok1 || !ok2 || freq <= 0 {
		return 0, errors.New("hsperfdata: no java.ci.totalTime or sun.os.hrt.frequency")
	}
	return float64(ticks) / float64(freq), nil
}
