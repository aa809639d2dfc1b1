//go:build !unix

package live

// writeNonblocking writes nothing where sockets have no non-blocking write: the frame goes to the
// connection's waiting writer instead.
func writeNonblocking(fd uintptr, p []byte) (int, error) { return 0, nil }
