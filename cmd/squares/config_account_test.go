package main

import (
	"strings"
	"testing"
)

func init() {
	configVars = append(configVars, "SQUARES_SUPPORT_EMAIL")
}

// TestParseConfigSupportEmail: the support address from the environment or the flag; anything but an
// address is refused.
func TestParseConfigSupportEmail(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.SupportEmail != "" {
		t.Fatalf("default: %q, %v", c.SupportEmail, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_SUPPORT_EMAIL": " help@squares.example.com "})
	if c, err := parse(t); err != nil || c.SupportEmail != "help@squares.example.com" {
		t.Fatalf("from the environment: %q, %v", c.SupportEmail, err)
	}
	if c, err := parse(t, "--support-email", "ops@example.com"); err != nil || c.SupportEmail != "ops@example.com" {
		t.Fatalf("from the flag: %q, %v", c.SupportEmail, err)
	}
	for _, bad := range []string{"help", "Help <help@example.com>", "help@localhost"} {
		clearConfigEnv(t, map[string]string{"SQUARES_SUPPORT_EMAIL": bad})
		if _, err := parse(t); err == nil || !strings.Contains(err.Error(), "SQUARES_SUPPORT_EMAIL") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
