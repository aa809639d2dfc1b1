package http

import "testing"

// With n trusted proxies, the client's address is the n-th X-Forwarded-For entry from the right.
func TestClientAddress(t *testing.T) {
	const peer = "10.0.0.9:41234"
	for _, tc := range []struct {
		name    string
		xff     []string
		trusted int
		want    string
	}{
		{"no proxy: the peer", []string{"1.1.1.1"}, 0, "10.0.0.9"},
		{"no proxy, no header", nil, 0, "10.0.0.9"},
		{"one proxy, no header: the peer", nil, 1, "10.0.0.9"},
		{"one proxy: the rightmost", []string{"198.51.100.7"}, 1, "198.51.100.7"},
		{"one proxy, spoofed entries ignored", []string{"6.6.6.6, 7.7.7.7, 198.51.100.7"}, 1, "198.51.100.7"},
		{"two proxies: second from the right", []string{"6.6.6.6, 198.51.100.7, 10.1.0.1"}, 2, "198.51.100.7"},
		{"two proxies, entries over two header lines", []string{"6.6.6.6, 198.51.100.7", "10.1.0.1"}, 2, "198.51.100.7"},
		{"three proxies", []string{"198.51.100.7, 10.1.0.1, 10.2.0.1"}, 3, "198.51.100.7"},
		{"fewer entries than proxies: the rightmost", []string{"6.6.6.6, 10.1.0.1"}, 3, "10.1.0.1"},
		{"spaces and no spaces", []string{"6.6.6.6,198.51.100.7 ,  10.1.0.1"}, 2, "198.51.100.7"},
		{"IPv6", []string{"2001:db8::1"}, 1, "2001:db8::1"},
		{"IPv4 with a port", []string{"198.51.100.7:5555"}, 1, "198.51.100.7"},
		{"IPv6 with a port", []string{"[2001:db8::1]:5555"}, 1, "2001:db8::1"},
		{"IPv4 mapped in IPv6", []string{"::ffff:198.51.100.7"}, 1, "198.51.100.7"},
		{"garbage: the peer", []string{"1.1.1.1, unknown"}, 1, "10.0.0.9"},
		{"empty entry: the peer", []string{"1.1.1.1, "}, 1, "10.0.0.9"},
	} {
		if got := clientAddress(peer, tc.xff, tc.trusted); got != tc.want {
			t.Errorf("%s: clientAddress(%q, %d) = %q, want %q", tc.name, tc.xff, tc.trusted, got, tc.want)
		}
	}
	if got := clientAddress("[2001:db8::5]:443", nil, 0); got != "2001:db8::5" {
		t.Errorf("IPv6 peer = %q", got)
	}
}
