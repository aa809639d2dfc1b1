package squares

// The data of each kind of record entry: what a verifier replays (docs/fairness.md, "The record").

// RecordOpen is the data of a record's first entry: what the pool is sold on, fixed before any sale.
type RecordOpen struct {
	Name                string `json:"name"`
	GameID              int64  `json:"gameId"`
	EntryFee            string `json:"entryFee"` // dollars with two places, as the API writes money
	MaxSquaresPerPlayer int    `json:"maxSquaresPerPlayer"`
	Private             bool   `json:"private"`
	Nonprofit           bool   `json:"nonprofit"`
	Collection          string `json:"collection"`
	Rules               Rules  `json:"rules"`
	// DrawCommitment is SHA-256 of the seed of a pool whose numbers are drawn once; NumberSets the
	// commitment of each set's seed when they are drawn per period.
	DrawCommitment string                `json:"drawCommitment"`
	NumberSets     []RecordSetCommitment `json:"numberSets"`
}

// RecordSetCommitment is a number set's period and the SHA-256 of its secret seed.
type RecordSetCommitment struct {
	Period     string `json:"period"`
	SeedSHA256 string `json:"seedSha256"`
}

// RecordOpenOf is the opening entry's data of a pool just made.
func RecordOpenOf(p *Pool) RecordOpen {
	o := RecordOpen{Name: p.Name, GameID: p.GameID, EntryFee: p.EntryFee.String(), MaxSquaresPerPlayer: p.MaxSquaresPerPlayer,
		Private: p.IsPrivate, Nonprofit: p.IsNonprofit, Collection: p.Collection, Rules: p.EffectiveRules(),
		DrawCommitment: p.DrawCommitment, NumberSets: []RecordSetCommitment{}}
	for _, s := range p.NumberSets {
		o.NumberSets = append(o.NumberSets, RecordSetCommitment{Period: s.Period, SeedSHA256: s.SeedSHA256})
	}
	return o
}
