// Package cluster tests Squares scaled out as an operator runs it: a PostgreSQL server, two `squares
// serve` processes on it and nginx (Debian's package) balancing between them (cluster_test.go), and
// PostgreSQL restarted under load (restart_test.go). nginx.conf.tmpl is the proxy's configuration, also
// used by run.sh, which `make cluster` runs to try the same set-up by hand.
package cluster
