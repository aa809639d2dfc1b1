package store

import (
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err is the database being out of reach rather than a fault of the request
// or a bug: it refuses connections, is shutting down or starting, or dropped the connection. Such a
// request may succeed when tried again in a moment (a PostgreSQL restart, a fail-over).
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	var netErr *net.OpError
	if errors.As(err, &connect) || errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; class 57P: the server shutting down or starting up.
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57P")
	}
	return pgconn.SafeToRetry(err) || strings.Contains(err.Error(), "conn closed")
}
