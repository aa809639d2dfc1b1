// Command squares runs Squares: the web app, its API and its background work, in one binary.
//
//	squares [serve]                       start the server (the default)
//	squares migrate                       apply database migrations and exit
//	squares import-schedule --league NFL FILE.csv
//	squares create-admin USERNAME         create or reset an admin (password from stdin or SQUARES_ADMIN_PASSWORD)
//	squares verify-draw [--url URL] ID    recompute a pool's draw from its revealed seed and check it
//	squares verify-record [--url URL] ID  check a pool's record: chain, checkpoints, replay, the pool shown
//	squares backup FILE.db                copy the SQLite database to a new file while it is in use
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "squares:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("squares "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	switch cmd {
	case "serve":
		return runServe(ctx, fs, args, stderr)
	case "migrate":
		return runMigrate(ctx, fs, args, stdout, stderr)
	case "import-schedule":
		return runImportSchedule(ctx, fs, args, stdout, stderr)
	case "create-admin":
		return runCreateAdmin(ctx, fs, args, stdin, stdout, stderr)
	case "verify-draw":
		return runVerifyDraw(ctx, fs, args, stdout)
	case "verify-record":
		return runVerifyRecord(ctx, fs, args, stdout)
	case "reset-2fa":
		return runResetTwoFactor(ctx, fs, args, stdout)
	case "backup":
		return runBackup(ctx, fs, args, stdout)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, "usage: squares [serve|migrate|import-schedule|create-admin|reset-2fa|verify-draw|verify-record|backup] [flags]")
		return nil
	}
	return fmt.Errorf("unknown command %q (want serve, migrate, import-schedule, create-admin, reset-2fa, verify-draw, verify-record or backup)", cmd)
}

// newLogger logs at level and above, as JSON lines or (format "text") as key=value text.
func newLogger(w io.Writer, level, format string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
