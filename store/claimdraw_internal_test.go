package store

import "testing"

// A pool marked drawing twice keeps its first channel: the claims waiting on it go on when the draw ends.
func TestStartDrawKeepsItsChannel(t *testing.T) {
	var b claimBatcher
	b.startDraw(7)
	first := b.drawing(7)
	b.startDraw(7)
	if b.drawing(7) != first {
		t.Fatal("marking a drawing pool again replaced the channel its waiting claims hold")
	}
	b.endDraw(7)
	select {
	case <-first:
	default:
		t.Fatal("the draw's end did not free the claims waiting for it")
	}
	if b.drawing(7) != nil {
		t.Error("the pool is still drawing after its draw ended")
	}
}
