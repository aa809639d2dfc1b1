package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/squaresapp/squares/store"
)

// runCreateAdmin creates an admin or resets its password. The password comes from
// SQUARES_ADMIN_PASSWORD or the first line of standard input, never from the command line.
func runCreateAdmin(ctx context.Context, fs *flag.FlagSet, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: squares create-admin USERNAME (password on stdin or in SQUARES_ADMIN_PASSWORD)")
	}
	username := strings.TrimSpace(fs.Arg(0))
	if len(username) < 3 || len(username) > 64 || strings.ContainsAny(username, " \t@") {
		return fmt.Errorf("username must be 3 to 64 characters without spaces or @")
	}
	password := os.Getenv("SQUARES_ADMIN_PASSWORD")
	if password == "" {
		fmt.Fprint(stderr, "Password: ")
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return fmt.Errorf("read password: %w", err)
		}
		password = strings.TrimRight(line, "\r\n")
	}
	if len(password) < 8 {
		return fmt.Errorf("password must be at least 8 characters")
	}
	db := store.New(cfg.DatabaseURL)
	if err := db.Open(ctx); err != nil {
		return err
	}
	defer db.Close()
	if err := ensureAdmin(ctx, db, username, password); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "admin %s is ready\n", username)
	return nil
}

// runResetTwoFactor turns off an admin's two-factor sign-in, for an admin who has lost both the phone and
// the recovery codes. Whoever runs it has the database; the audit log records it as the system's.
func runResetTwoFactor(ctx context.Context, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: squares reset-2fa USERNAME")
	}
	db := store.New(cfg.DatabaseURL)
	if err := db.Open(ctx); err != nil {
		return err
	}
	defer db.Close()
	u, err := db.FindUserByUsername(ctx, strings.TrimSpace(fs.Arg(0)))
	if err != nil || !u.IsAdmin() {
		return fmt.Errorf("no admin %q", fs.Arg(0))
	}
	was, err := db.ResetTwoFactor(ctx, u.ID)
	if err != nil {
		return err
	}
	if !was {
		fmt.Fprintf(stdout, "admin %s has no two-factor sign-in\n", u.Username)
		return nil
	}
	fmt.Fprintf(stdout, "two-factor sign-in of admin %s is off: set it up again at /admin/security\n", u.Username)
	return nil
}

func runMigrate(ctx context.Context, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	db := store.New(cfg.DatabaseURL)
	if err := db.Open(ctx); err != nil {
		return err
	}
	defer db.Close()
	fmt.Fprintf(stdout, "%s database is up to date\n", db.Engine())
	return nil
}
