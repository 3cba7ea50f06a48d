package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

func oneMax(g []bool, _ *rand.Rand) float64 {
	n := 0
	for _, b := range g {
		if b {
			n++
		}
	}
	return float64(n)
}

// rastrigin has its global minimum 0 at the origin and a local minimum
// near every integer point.
func rastrigin(x []float64, _ *rand.Rand) float64 {
	s := 10 * float64(len(x))
	for _, v := range x {
		s += v*v - 10*math.Cos(2*math.Pi*v)
	}
	return s
}

func oneMaxGA(seed uint64, workers int) *GA[[]bool] {
	return &GA[[]bool]{
		Goal: Maximize, Evaluate: oneMax, Init: RandomBits(64),
		PopSize: 40, Elite: 2, Select: Tournament(3),
		Crossover: Uniform[bool](0.5), CrossoverRate: 0.9, Mutate: BitFlip(1.0 / 64),
		Workers: workers, Seed: seed,
		Stop: GAReached(64).Or(GAGenerations(500)),
	}
}

func TestGAOneMax(t *testing.T) {
	res, err := oneMaxGA(1, 2).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Fitness != 64 || oneMax(res.Best.Genome, nil) != 64 {
		t.Fatalf("best %v after %d generations, want the optimum 64", res.Best.Fitness, res.Status.Generation)
	}
}

func TestGAOperatorsOnOneMax(t *testing.T) {
	// Every selection, crossover and replacement scheme must solve OneMax;
	// the optimum is known, so a failure is a broken operator.
	selections := map[string]Selection{
		"tournament": Tournament(2), "roulette": Roulette(), "sus": SUS(), "rank": Rank(1.8),
	}
	crossovers := map[string]Crossover[[]bool]{
		"one-point": OnePoint[bool](), "two-point": TwoPoint[bool](), "uniform": Uniform[bool](0.5),
	}
	for sn, sel := range selections {
		for cn, cx := range crossovers {
			for _, rep := range []Replacement{Generational, SteadyState} {
				ga := &GA[[]bool]{
					Goal: Maximize, Evaluate: oneMax, Init: RandomBits(32),
					PopSize: 30, Elite: 1, Select: sel, Crossover: cx, CrossoverRate: 0.8,
					Mutate: BitFlip(1.0 / 32), Replace: rep, Offspring: 4, Seed: 7,
					Stop: GAReached(32).Or(GAGenerations(3000)),
				}
				res, err := ga.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if res.Best.Fitness != 32 {
					t.Errorf("%s/%s/%v: best %v, want 32", sn, cn, rep, res.Best.Fitness)
				}
			}
		}
	}
}

func TestGARastrigin(t *testing.T) {
	b := Bounds{Lo: []float64{-5.12, -5.12, -5.12}, Hi: []float64{5.12, 5.12, 5.12}}
	for name, cx := range map[string]Crossover[[]float64]{"blx": BLXAlpha(0.5, b), "sbx": SBX(2, b)} {
		ga := &GA[[]float64]{
			Goal: Minimize, Evaluate: rastrigin, Init: RandomReals(b),
			PopSize: 100, Elite: 2, Select: Tournament(2), Crossover: cx, CrossoverRate: 0.9,
			Mutate: GaussianMutation(0.2, 0.3, b), Seed: 3, Workers: 2,
			Stop: GAReached(1e-4).Or(GAGenerations(800)),
		}
		res, err := ga.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if res.Best.Fitness > 1e-3 {
			t.Errorf("%s: best %v at %v, want the global minimum 0 at the origin", name, res.Best.Fitness, res.Best.Genome)
		}
		for _, x := range res.Best.Genome {
			if math.Abs(x) > 0.01 {
				t.Errorf("%s: best genome %v is not at the origin", name, res.Best.Genome)
			}
		}
	}
}

func TestGAGrayRastrigin(t *testing.T) {
	// A binary GA over Gray-coded reals: 3 variables of 16 bits.
	const nb = 16
	decode := func(g []bool) []float64 {
		x := make([]float64, 3)
		for i := range x {
			x[i] = DecodeGrayReal(g[i*nb:(i+1)*nb], -5.12, 5.12)
		}
		return x
	}
	ga := &GA[[]bool]{
		Goal: Minimize, Evaluate: func(g []bool, r *rand.Rand) float64 { return rastrigin(decode(g), r) },
		Init: RandomBits(3 * nb), PopSize: 80, Elite: 2, Select: Tournament(3),
		Crossover: TwoPoint[bool](), CrossoverRate: 0.9, Mutate: BitFlip(1.5 / (3 * nb)), Seed: 5,
		Stop: GAReached(1e-3).Or(GAGenerations(600)),
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Fitness > 0.01 {
		t.Errorf("best %v at %v, want near 0", res.Best.Fitness, decode(res.Best.Genome))
	}
}

func TestGADeterministic(t *testing.T) {
	run := func(seed uint64, workers int, noise GANoise) *GAResult[[]bool] {
		ga := oneMaxGA(seed, workers)
		ga.Stop = GAGenerations(15)
		ga.Noise = noise
		ga.Evaluate = func(g []bool, r *rand.Rand) float64 { return oneMax(g, r) + r.NormFloat64() }
		res, err := ga.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	same := func(a, b *GAResult[[]bool]) bool {
		return slices.EqualFunc(a.Population, b.Population, func(x, y Individual[[]bool]) bool {
			return x.Fitness == y.Fitness && slices.Equal(x.Genome, y.Genome)
		})
	}
	noisy := GANoise{Reevaluate: true}
	if !same(run(1, 2, noisy), run(1, 2, noisy)) {
		t.Error("same seed and workers gave different runs")
	}
	if same(run(1, 2, noisy), run(2, 2, noisy)) {
		t.Error("different seeds gave the same run")
	}
	crn := GANoise{Reevaluate: true, Common: true}
	if !same(run(1, 1, crn), run(1, 3, crn)) {
		t.Error("common random numbers: worker count changed the run")
	}
}

func TestGACommonRandomNumbers(t *testing.T) {
	// With common random numbers, genomes evaluated in the same generation
	// see the same noise, so equal genomes get equal fitness.
	ga := &GA[[]bool]{
		Goal: Maximize, Init: RandomBits(8), PopSize: 10, Seed: 1, Workers: 3,
		Initial:  [][]bool{make([]bool, 8), make([]bool, 8)},
		Evaluate: func(g []bool, r *rand.Rand) float64 { return oneMax(g, r) + r.Float64() },
		Noise:    GANoise{Common: true}, Stop: GAGenerations(0),
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var zeros []float64
	for _, ind := range res.Population {
		if oneMax(ind.Genome, nil) == 0 {
			zeros = append(zeros, ind.Fitness)
		}
	}
	if len(zeros) < 2 || zeros[0] != zeros[1] {
		t.Fatalf("equal genomes got fitness %v", zeros)
	}
}

func TestGANoisyAverage(t *testing.T) {
	// A survivor re-evaluated with Average accumulates evaluations and its
	// fitness estimate approaches the truth.
	ga := oneMaxGA(4, 2)
	ga.Evaluate = func(g []bool, r *rand.Rand) float64 { return oneMax(g, r) + 2*r.NormFloat64() }
	ga.Noise = GANoise{Reevaluate: true, Average: true}
	ga.Elite = 10
	ga.Stop = GAGenerations(300)
	res, err := ga.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	maxEvals := 0
	for _, ind := range res.Population {
		maxEvals = max(maxEvals, ind.Evals)
	}
	if maxEvals < 5 {
		t.Errorf("survivors averaged at most %d evaluations", maxEvals)
	}
	if got := oneMax(res.Best.Genome, nil); got < 60 {
		t.Errorf("noisy OneMax: best genome has %v ones, want at least 60", got)
	}
}

func TestGACheckpointResume(t *testing.T) {
	dir := t.TempDir()
	full := oneMaxGA(9, 2)
	full.Stop = GAGenerations(30)
	want, err := full.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(dir, "ga.json")
	first := oneMaxGA(9, 2)
	first.Stop, first.Checkpoint, first.CheckpointEvery = GAGenerations(12), cp, 5
	if _, err := first.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	second := oneMaxGA(9, 2)
	second.Stop, second.Checkpoint = GAGenerations(30), cp
	got, err := second.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.Generation != 30 || !slices.Equal(got.Best.Genome, want.Best.Genome) ||
		got.Status.Evaluations != want.Status.Evaluations {
		t.Fatalf("resumed run differs: generation %d, %d evaluations, best %v; uninterrupted %d, %v",
			got.Status.Generation, got.Status.Evaluations, got.Best.Fitness, want.Status.Evaluations, want.Best.Fitness)
	}
	other := oneMaxGA(10, 2)
	other.Stop, other.Checkpoint = GAGenerations(40), cp
	if _, err := other.Run(context.Background()); err == nil {
		t.Error("resuming another seed's checkpoint should fail")
	}
}

func TestGACancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cp := filepath.Join(t.TempDir(), "ga.json")
	ga := oneMaxGA(2, 1)
	ga.Stop, ga.Checkpoint = GAGenerations(1<<30), cp
	ga.Hooks = []GAHook[[]bool]{{Every: 3, Func: func(s *GAStatus, _ []Individual[[]bool]) error {
		if s.Generation == 6 {
			cancel()
		}
		return nil
	}}}
	res, err := ga.Run(ctx)
	if !errors.Is(err, context.Canceled) || res.Status.Generation != 6 {
		t.Fatalf("err %v at generation %d, want cancelled at 6", err, res.Status.Generation)
	}
	var saved gaCheckpoint[[]bool]
	if ok, err := LoadCheckpoint(cp, &saved); !ok || err != nil || saved.Status.Generation != 6 {
		t.Fatalf("checkpoint after cancel: %v %v generation %d", ok, err, saved.Status.Generation)
	}
}

func TestGAStopConditions(t *testing.T) {
	st := &GAStatus{Goal: Minimize, Generation: 10, Elapsed: time.Second, Best: 0.5, HasBest: true, Stagnant: 3}
	tests := []struct {
		name string
		stop GAStop
		want bool
	}{
		{"generations reached", GAGenerations(10), true},
		{"generations not reached", GAGenerations(11), false},
		{"objective reached", GAReached(0.5), true},
		{"objective not reached", GAReached(0.4), false},
		{"no change", GANoChange(3), true},
		{"still changing", GANoChange(4), false},
		{"time", GATimeLimit(time.Second), true},
		{"and", GAGenerations(5).And(GAReached(0.4)), false},
		{"or", GAGenerations(50).Or(GAReached(0.6)), true},
		{"nested", GAGenerations(50).Or(GANoChange(2).And(GATimeLimit(time.Millisecond))), true},
	}
	for _, tc := range tests {
		if got := tc.stop(st); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestGAHooksEvery(t *testing.T) {
	var seen []int
	ga := oneMaxGA(1, 1)
	ga.Stop = GAGenerations(25)
	ga.Hooks = []GAHook[[]bool]{{Every: 10, Func: func(s *GAStatus, pop []Individual[[]bool]) error {
		if len(pop) != ga.PopSize || pop[0].Fitness != s.Best {
			t.Errorf("hook saw %d members, best %v vs %v", len(pop), pop[0].Fitness, s.Best)
		}
		seen = append(seen, s.Generation)
		return nil
	}}}
	if _, err := ga.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(seen, []int{0, 10, 20}) {
		t.Errorf("hook ran at %v, want [0 10 20]", seen)
	}
}

func TestGAConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		ga   GA[[]bool]
	}{
		{"no evaluate", GA[[]bool]{Init: RandomBits(4), Stop: GAGenerations(1)}},
		{"no stop", GA[[]bool]{Init: RandomBits(4), Evaluate: oneMax}},
		{"no init", GA[[]bool]{Evaluate: oneMax, Stop: GAGenerations(1)}},
		{"elite too big", GA[[]bool]{Init: RandomBits(4), Evaluate: oneMax, Stop: GAGenerations(1), PopSize: 4, Elite: 4}},
	}
	for _, tc := range tests {
		if _, err := tc.ga.Run(context.Background()); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestSelectionPressure(t *testing.T) {
	// Each scheme must favour better members; windowed schemes never pick
	// the worst; rank with pressure 1 is uniform.
	fit := []float64{1, 2, 3, 4, 5}
	count := func(sel Selection, goal Goal) []int {
		r := rand.New(rand.NewPCG(1, 1))
		c := make([]int, len(fit))
		for range 200 {
			for _, i := range sel(r, fit, goal, 50) {
				c[i]++
			}
		}
		return c
	}
	for name, sel := range map[string]Selection{
		"tournament": Tournament(2), "roulette": Roulette(), "sus": SUS(), "rank": Rank(2),
	} {
		c := count(sel, Maximize)
		if c[4] <= c[2] || c[2] <= c[0] {
			t.Errorf("%s maximising: counts %v do not favour the best", name, c)
		}
		m := count(sel, Minimize)
		if m[0] <= m[2] || m[2] <= m[4] {
			t.Errorf("%s minimising: counts %v do not favour the best", name, m)
		}
	}
	if c := count(Roulette(), Maximize); c[0] != 0 {
		t.Errorf("roulette picked the worst %d times", c[0])
	}
	// SUS picks each member within one of its share on every spin.
	r := rand.New(rand.NewPCG(2, 2))
	for range 100 {
		c := make([]int, len(fit))
		for _, i := range SUS()(r, fit, Maximize, 10) {
			c[i]++
		}
		for i, f := range fit {
			share := (f - 1) / 10 * 10
			if math.Abs(float64(c[i])-share) >= 1 {
				t.Fatalf("SUS counts %v, expected shares ~%v", c, share)
			}
		}
	}
	u := count(Rank(1), Maximize)
	for _, x := range u {
		if math.Abs(float64(x)-2000) > 200 {
			t.Errorf("rank(1) counts %v, want uniform", u)
			break
		}
	}
}

func TestCrossoverProperties(t *testing.T) {
	crossovers := map[string]Crossover[[]int]{
		"one-point": OnePoint[int](), "two-point": TwoPoint[int](), "uniform": Uniform[int](0.5),
	}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		a := rapid.SliceOfN(rapid.Int(), n, n).Draw(t, "a")
		b := rapid.SliceOfN(rapid.Int(), n, n).Draw(t, "b")
		a0, b0 := slices.Clone(a), slices.Clone(b)
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		for name, cx := range crossovers {
			x, y := cx(r, a, b)
			if !slices.Equal(a, a0) || !slices.Equal(b, b0) {
				t.Fatalf("%s modified a parent", name)
			}
			for i := range n {
				if !(x[i] == a[i] && y[i] == b[i]) && !(x[i] == b[i] && y[i] == a[i]) {
					t.Fatalf("%s: gene %d is (%d, %d) from parents (%d, %d)", name, i, x[i], y[i], a[i], b[i])
				}
			}
		}
	})
}

func TestRealOperatorsStayInBounds(t *testing.T) {
	b := Bounds{Lo: []float64{-1, 0}, Hi: []float64{1, 10}}
	rapid.Check(t, func(t *rapid.T) {
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		x := RandomReals(b)(r)
		y := RandomReals(b)(r)
		c1, c2 := BLXAlpha(0.5, b)(r, x, y)
		d1, d2 := SBX(2, b)(r, x, y)
		m := GaussianMutation(1, 5, b)(r, x)
		for _, g := range [][]float64{x, y, c1, c2, d1, d2, m} {
			for i, v := range g {
				if v < b.Lo[i] || v > b.Hi[i] {
					t.Fatalf("gene %d = %v outside [%v, %v]", i, v, b.Lo[i], b.Hi[i])
				}
			}
		}
	})
}

func TestMutations(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	g := make([]bool, 100)
	diff := func(a, b []bool) int {
		n := 0
		for i := range a {
			if a[i] != b[i] {
				n++
			}
		}
		return n
	}
	changed := 0
	for range 1000 {
		m := PointMutation(0.5)(r, g)
		switch d := diff(g, m); d {
		case 0:
		case 1:
			changed++
		default:
			t.Fatalf("point mutation flipped %d bits", d)
		}
	}
	if changed < 400 || changed > 600 {
		t.Errorf("point mutation with p=0.5 changed %d of 1000 genomes", changed)
	}
	if slices.Contains(g, true) {
		t.Fatal("a mutation modified its argument")
	}
	up := 0
	for range 100 {
		up += diff(g, AsymmetricMutation(0.1, 0)(r, g))
	}
	if up < 800 || up > 1200 {
		t.Errorf("asymmetric 0->1 at 0.1 flipped %d of 10000 bits", up)
	}
	ones := RandomBits(100)(r)
	for i := range ones {
		ones[i] = true
	}
	if d := diff(ones, AsymmetricMutation(1, 0)(r, ones)); d != 0 {
		t.Errorf("asymmetric with p10=0 flipped %d ones", d)
	}
}

func TestEncodings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.IntRange(-1000, 1000).Draw(t, "lo")
		hi := lo + rapid.IntRange(0, 5000).Draw(t, "span")
		v := rapid.IntRange(lo, hi).Draw(t, "v")
		if got := DecodeBinary(EncodeBinary(v, lo, hi), lo, hi); got != v {
			t.Fatalf("binary %d in [%d,%d] decoded to %d", v, lo, hi, got)
		}
		if got := DecodeGray(EncodeGray(v, lo, hi), lo, hi); got != v {
			t.Fatalf("gray %d in [%d,%d] decoded to %d", v, lo, hi, got)
		}
		if v < hi {
			a, b := EncodeGray(v, lo, hi), EncodeGray(v+1, lo, hi)
			d := 0
			for i := range a {
				if a[i] != b[i] {
					d++
				}
			}
			if d != 1 {
				t.Fatalf("gray codes of %d and %d differ in %d bits", v, v+1, d)
			}
		}
		x := rapid.Float64Range(-3, 7).Draw(t, "x")
		if got := DecodeGrayReal(EncodeGrayReal(x, -3, 7, 20), -3, 7); math.Abs(got-x) > 10.0/(1<<20) {
			t.Fatalf("real %v decoded to %v", x, got)
		}
	})
	if BitsNeeded(0, 3) != 2 || BitsNeeded(0, 4) != 3 || BitsNeeded(5, 5) != 0 {
		t.Error("BitsNeeded")
	}
}

func TestGASteadyStateNeverLosesGround(t *testing.T) {
	// Without noise a child only enters by beating the worst member, so
	// neither the best nor the worst fitness of the population ever drops.
	ga := oneMaxGA(5, 2)
	ga.Replace, ga.Offspring, ga.Stop = SteadyState, 3, GAGenerations(200)
	best, worst := -1.0, -1.0
	ga.Hooks = []GAHook[[]bool]{{Every: 1, Func: func(s *GAStatus, _ []Individual[[]bool]) error {
		if s.Best < best || s.Worst < worst {
			t.Fatalf("generation %d: best %v worst %v after %v %v", s.Generation, s.Best, s.Worst, best, worst)
		}
		best, worst = s.Best, s.Worst
		return nil
	}}}
	res, err := ga.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Status.Evaluations != ga.PopSize+200*3 {
		t.Errorf("%d evaluations, want %d", res.Status.Evaluations, ga.PopSize+200*3)
	}
}

// Migration moves the best of one saved population into the places of the
// worst of another, and the run resumed from the result goes on from there.
func TestIslandMigration(t *testing.T) {
	dir := t.TempDir()
	island := func(seed uint64, gens int, cp string) *GA[[]bool] {
		return &GA[[]bool]{
			Goal: Maximize, Evaluate: oneMax,
			Init: RandomBits(32), PopSize: 10, Elite: 2, Crossover: OnePoint[bool](), CrossoverRate: 0.7,
			Mutate: PointMutation(0.5), Seed: seed, Stop: GAGenerations(gens), Checkpoint: cp,
		}
	}
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, run := range []*GA[[]bool]{island(1, 5, a), island(2, 5, b)} {
		if _, err := run.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	best, err := Emigrants[[]bool](da, 3)
	if err != nil || len(best) != 3 || best[0].Fitness < best[2].Fitness {
		t.Fatalf("emigrants %v, %v", best, err)
	}
	moved, err := Immigrate(db, best)
	if err != nil {
		t.Fatal(err)
	}
	var cp gaCheckpoint[[]bool]
	if err := json.Unmarshal(moved, &cp); err != nil {
		t.Fatal(err)
	}
	if n := len(cp.Population); !slices.Equal(cp.Population[n-1].Genome, best[2].Genome) || cp.Status.Generation != 5 {
		t.Fatalf("population after migration: %+v", cp)
	}
	if err := os.WriteFile(b, moved, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := island(2, 10, b).Run(context.Background())
	if err != nil || res.Status.Generation != 10 {
		t.Fatalf("resumed island: %+v, %v", res, err)
	}
	if _, err := Immigrate(db, make([]Individual[[]bool], 10)); err == nil {
		t.Error("a whole population of migrants was taken")
	}
}
