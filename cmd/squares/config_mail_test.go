package main

import (
	"strings"
	"testing"
	"time"
)

func init() {
	configVars = append(configVars, "SQUARES_SMTP_URL", "SQUARES_MAIL_FROM", "SQUARES_PUBLIC_URL", "SQUARES_MAIL_INTERVAL")
}

// TestParseConfigMail: the e-mail settings from the environment and flags, and what is wrong with them.
// The SMTP URL, which holds a password, is never repeated in an error.
func TestParseConfigMail(t *testing.T) {
	clearConfigEnv(t, nil)
	c, err := parse(t)
	if err != nil || c.SMTPURL != "" || c.MailFrom != "" || c.PublicURL != "" || c.MailInterval != 15*time.Second {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_SMTP_URL": " smtps://u:secret@mail.example.com ",
		"SQUARES_MAIL_FROM": "Squares <noreply@example.com>", "SQUARES_PUBLIC_URL": "https://squares.example.com/",
		"SQUARES_MAIL_INTERVAL": "1m"})
	c, err = parse(t)
	if err != nil || c.SMTPURL != "smtps://u:secret@mail.example.com" || c.MailFrom != "Squares <noreply@example.com>" ||
		c.PublicURL != "https://squares.example.com" || c.MailInterval != time.Minute {
		t.Fatalf("from the environment: %+v, %v", c, err)
	}
	c, err = parse(t, "--mail-from", "ops@example.com", "--public-url", "http://localhost:9000", "--mail-interval", "5s")
	if err != nil || c.MailFrom != "ops@example.com" || c.PublicURL != "http://localhost:9000" || c.MailInterval != 5*time.Second {
		t.Fatalf("from flags: %+v, %v", c, err)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SQUARES_SMTP_URL": "http://u:secret@mail.example.com"}, `scheme "http" is not smtp or smtps`},
		{map[string]string{"SQUARES_SMTP_URL": "smtp://u:secret@:25"}, "SQUARES_SMTP_URL: no host"},
		{map[string]string{"SQUARES_SMTP_URL": "smtp://u:secret@mail.example.com:x"}, "SQUARES_SMTP_URL"},
		{map[string]string{"SQUARES_MAIL_FROM": "Squares"}, "SQUARES_MAIL_FROM"},
		{map[string]string{"SQUARES_PUBLIC_URL": "squares.example.com"}, "SQUARES_PUBLIC_URL"},
		{map[string]string{"SQUARES_MAIL_INTERVAL": "0s"}, "SQUARES_MAIL_INTERVAL"},
	} {
		clearConfigEnv(t, tc.env)
		_, err := parse(t)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%v: error %v, want one containing %q (and no password)", tc.env, err, tc.want)
		}
	}
}

// TestCheckServeMail: outside development mode, SMTP needs a sender and the public URL; without SMTP
// serve starts (mail is recorded as skipped); in development mode links default to the listen address.
func TestCheckServeMail(t *testing.T) {
	smtp := map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_SMTP_URL": "smtp://mail.example.com"}
	clearConfigEnv(t, smtp)
	c, err := parse(t)
	if err == nil {
		err = c.checkServe()
	}
	if err == nil || !strings.Contains(err.Error(), "SQUARES_MAIL_FROM") {
		t.Fatalf("SMTP without a sender: %v", err)
	}
	smtp["SQUARES_MAIL_FROM"], smtp["SQUARES_PUBLIC_URL"] = "noreply@example.com", "https://squares.example.com"
	clearConfigEnv(t, smtp)
	if c, err = parse(t); err != nil || c.checkServe() != nil || c.PublicURL != "https://squares.example.com" {
		t.Fatalf("SMTP with a sender: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_PAYMENTS": "sandbox"})
	if c, err = parse(t); err != nil || c.checkServe() != nil {
		t.Fatalf("no SMTP: %v", err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_DEV": "1", "SQUARES_ADDR": "127.0.0.1:9090"})
	if c, err = parse(t); err != nil || c.checkServe() != nil || c.PublicURL != "http://127.0.0.1:9090" {
		t.Fatalf("development mode: %+v, %v", c, err)
	}
}

// TestServeSaysWhereMailGoes: serve logs what becomes of e-mail: without SMTP, shown at /dev/mail in
// development mode and recorded as skipped outside it (a warning); with SMTP, the server (without its
// password).
func TestServeSaysWhereMailGoes(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"}, `level=WARN msg="mail is not sent" mail="not sent (no SQUARES_SMTP_URL): queued and shown at /dev/mail"`},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox"}, `level=WARN msg="mail is not sent" mail="not sent (no SQUARES_SMTP_URL): recorded in the outbox as skipped"`},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_SMTP_URL": "smtp://u:secret@127.0.0.1:1",
			"SQUARES_MAIL_FROM": "noreply@example.com", "SQUARES_PUBLIC_URL": "https://squares.example.com"},
			`level=INFO msg="mail ready" mail="sent through smtp://127.0.0.1:1 from <noreply@example.com>" links=https://squares.example.com`},
	} {
		logs, _, err := serveOnce(t, "", tc.env)
		if err != nil || !strings.Contains(logs, tc.want) || strings.Contains(logs, "secret") {
			t.Errorf("serve %v: %v; want a line containing %s\n%s", tc.env, err, tc.want, logs)
		}
	}
}
