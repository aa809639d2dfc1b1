package main

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"
	"time"
)

func init() {
	configVars = append(configVars, "SQUARES_VAPID_PUBLIC_KEY", "SQUARES_VAPID_PRIVATE_KEY", "SQUARES_VAPID_SUBJECT",
		"SQUARES_PUSH_INTERVAL", "SQUARES_PUSH_ALLOW_LOCAL")
}

// TestParseConfigPush: the push settings from the environment and flags, and what is wrong with them.
// The private key is never repeated in an error.
func TestParseConfigPush(t *testing.T) {
	clearConfigEnv(t, nil)
	c, err := parse(t)
	if err != nil || c.VAPIDPublicKey != "" || c.VAPIDPrivateKey != "" || c.VAPIDSubject != "" || c.PushInterval != 5*time.Second ||
		c.PushAllowLocal {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	pub, priv := base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(key.Bytes())
	clearConfigEnv(t, map[string]string{"SQUARES_VAPID_PUBLIC_KEY": pub, "SQUARES_VAPID_PRIVATE_KEY": " " + priv + " ",
		"SQUARES_VAPID_SUBJECT": "mailto:ops@example.com", "SQUARES_PUSH_INTERVAL": "30s", "SQUARES_PUSH_ALLOW_LOCAL": "1"})
	c, err = parse(t)
	if err != nil || c.VAPIDPublicKey != pub || c.VAPIDPrivateKey != priv || c.VAPIDSubject != "mailto:ops@example.com" ||
		c.PushInterval != 30*time.Second || !c.PushAllowLocal {
		t.Fatalf("from the environment: %+v, %v", c, err)
	}
	c, err = parse(t, "--vapid-subject", "https://squares.example.com", "--push-interval", "1s")
	if err != nil || c.VAPIDSubject != "https://squares.example.com" || c.PushInterval != time.Second {
		t.Fatalf("from flags: %+v, %v", c, err)
	}
	other, _ := ecdh.P256().GenerateKey(rand.Reader)
	otherPub := base64.RawURLEncoding.EncodeToString(other.PublicKey().Bytes())
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SQUARES_VAPID_PRIVATE_KEY": priv}, "set both SQUARES_VAPID_PUBLIC_KEY and SQUARES_VAPID_PRIVATE_KEY"},
		{map[string]string{"SQUARES_VAPID_PUBLIC_KEY": pub}, "set both SQUARES_VAPID_PUBLIC_KEY and SQUARES_VAPID_PRIVATE_KEY"},
		{map[string]string{"SQUARES_VAPID_PUBLIC_KEY": otherPub, "SQUARES_VAPID_PRIVATE_KEY": priv}, "is not the public key of"},
		{map[string]string{"SQUARES_VAPID_PUBLIC_KEY": pub, "SQUARES_VAPID_PRIVATE_KEY": "not-a-key"}, "SQUARES_VAPID_PRIVATE_KEY is not"},
		{map[string]string{"SQUARES_VAPID_SUBJECT": "ops@example.com"}, "SQUARES_VAPID_SUBJECT"},
		{map[string]string{"SQUARES_VAPID_SUBJECT": "http://squares.example.com"}, "SQUARES_VAPID_SUBJECT"},
		{map[string]string{"SQUARES_PUSH_INTERVAL": "0s"}, "SQUARES_PUSH_INTERVAL"},
		{map[string]string{"SQUARES_PUSH_ALLOW_LOCAL": "yes"}, "SQUARES_PUSH_ALLOW_LOCAL"},
	} {
		clearConfigEnv(t, tc.env)
		_, err := parse(t)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), priv) {
			t.Errorf("%v: error %v, want one containing %q (and not the private key)", tc.env, err, tc.want)
		}
	}
}
