package squares

import (
	"testing"
	"time"
)

func TestRetryDelay(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		want     time.Duration
	}{
		{0, 30 * time.Second},
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{10, 512 * 30 * time.Second}, // 4 h 16 min
		{11, 6 * time.Hour},          // 1024 x 30 s is past the cap
		{12, 6 * time.Hour},
		{1000, 6 * time.Hour},
	} {
		if got := RetryDelay(tc.attempts); got != tc.want {
			t.Errorf("RetryDelay(%d) = %s, want %s", tc.attempts, got, tc.want)
		}
	}
}
