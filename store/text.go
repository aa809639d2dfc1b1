package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// BadText reports whether err is PostgreSQL refusing text: a NUL, or bytes that are not valid in the
// database's encoding (SQLSTATE 22021 character_not_in_repertoire, 22P05 untranslatable_character). The
// HTTP edge refuses such text before it reaches the database; this names it if some ever gets past.
func BadText(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "22021" || pgErr.Code == "22P05")
}
