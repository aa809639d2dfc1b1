//go:build unix

package live

import (
	"io"
	"syscall"
)

// writeNonblocking writes as much of p to the socket fd as it takes now; the socket does not block (Go's
// runtime opens every socket non-blocking), so a full socket ends the write early instead of waiting.
func writeNonblocking(fd uintptr, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := syscall.Write(int(fd), p[n:])
		if m > 0 {
			n += m
		}
		switch {
		case err == syscall.EINTR:
		case err == syscall.EAGAIN:
			return n, nil
		case err != nil:
			return n, err
		case m == 0:
			return n, io.ErrUnexpectedEOF
		}
	}
	return n, nil
}
