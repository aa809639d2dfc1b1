package main

import (
	"context"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// An operator turns off the two-factor sign-in of an admin who lost the phone and the recovery codes.
func TestRunResetTwoFactor(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		clearConfigEnv(t, nil)
		url := storetest.URL(t, engine)
		if _, _, err := runCmd(t, "first-password\n", "create-admin", "--database-url", url, "boss"); err != nil {
			t.Fatal(err)
		}
		db := openURL(t, url)
		admin, err := db.FindUserByUsername(ctx, "boss")
		if err != nil {
			t.Fatal(err)
		}
		key, err := squares.NewTOTPKey("boss")
		if err != nil {
			t.Fatal(err)
		}
		code, _ := squares.TOTPCode(key.Secret(), db.Now())
		if err := db.StartTwoFactor(ctx, admin.ID, key.Secret()); err != nil {
			t.Fatal(err)
		}
		if err := db.EnableTwoFactor(ctx, admin.ID, code, nil, ""); err != nil {
			t.Fatal(err)
		}

		out, _, err := runCmd(t, "", "reset-2fa", "--database-url", url, "boss")
		if err != nil || !strings.Contains(out, "two-factor sign-in of admin boss is off") {
			t.Fatalf("reset-2fa = %q, %v", out, err)
		}
		if st, err := db.TwoFactor(ctx, admin.ID); err != nil || st != (store.TwoFactorStatus{}) {
			t.Fatalf("after the reset: %+v, %v", st, err)
		}
		entries, _, err := db.ListAudit(ctx, store.AuditFilter{})
		if err != nil || len(entries) == 0 || entries[0].Action != "user.two_factor.reset" || entries[0].AdminName != squares.AuditSystem {
			t.Fatalf("audit = %+v, %v", entries, err)
		}
		// Again: nothing to reset. A player or an unknown name is no admin.
		if out, _, err := runCmd(t, "", "reset-2fa", "--database-url", url, "boss"); err != nil || !strings.Contains(out, "has no two-factor") {
			t.Fatalf("second reset-2fa = %q, %v", out, err)
		}
		if _, _, err := runCmd(t, "", "reset-2fa", "--database-url", url, "nobody"); err == nil {
			t.Fatal("reset-2fa of an unknown admin succeeded")
		}
	})
}
