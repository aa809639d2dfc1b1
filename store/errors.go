package store

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/internal/sqlite"
)

// isUniqueViolation reports whether err is a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	return sqlite.IsUniqueViolation(err)
}

// isForeignKeyViolation reports whether err is a foreign-key failure on either engine.
func isForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	return sqlite.IsForeignKeyViolation(err)
}

// notFound wraps sql.ErrNoRows into the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return squares.Errorf(squares.ENOTFOUND, "%s not found.", what)
	}
	return err
}
