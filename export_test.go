package squares

// HashesRunning and HashSlots let the tests of package squares_test watch the hashing bound.
var (
	HashesRunning = hashesRunning.Load
	HashSlots     = func() int { return cap(hashSlots) }
	FillHashSlots = func() (release func()) {
		for range cap(hashSlots) {
			hashSlots <- struct{}{}
		}
		return func() {
			for range cap(hashSlots) {
				<-hashSlots
			}
		}
	}
)
