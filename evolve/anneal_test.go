package evolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestCoolingSchedules(t *testing.T) {
	tests := []struct {
		name string
		c    Cooling
		st   CoolingStage
		want float64
	}{
		{"geometric start", GeometricCooling{1, 0.01}, CoolingStage{Fraction: 0}, 1},
		{"geometric middle", GeometricCooling{1, 0.01}, CoolingStage{Fraction: 0.5}, 0.1},
		{"geometric end", GeometricCooling{1, 0.01}, CoolingStage{Fraction: 1}, 0.01},
		{"exponential", ExponentialCooling{2, 0.5}, CoolingStage{Index: 3}, 0.25},
		{"linear", LinearCooling{1, 0}, CoolingStage{Fraction: 0.25}, 0.75},
		{"adaptive first", AdaptiveCooling{Start: 3, AcceptStart: 0.5, AcceptEnd: 0.01}, CoolingStage{}, 3},
		{"adaptive too cold", AdaptiveCooling{Start: 3, AcceptStart: 0.5, AcceptEnd: 0.5, Factor: 2},
			CoolingStage{Index: 1, Temp: 1, Worse: 10, AcceptedWorse: 1}, 2},
		{"adaptive too hot", AdaptiveCooling{Start: 3, AcceptStart: 0.5, AcceptEnd: 0.5, Factor: 2},
			CoolingStage{Index: 1, Temp: 1, Worse: 10, AcceptedWorse: 9}, 0.5},
		{"adaptive no data", AdaptiveCooling{Start: 3, AcceptStart: 0.5, AcceptEnd: 0.5},
			CoolingStage{Index: 4, Temp: 1.5}, 1.5},
	}
	for _, tt := range tests {
		if got := tt.c.Temperature(tt.st); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAcceptanceRules(t *testing.T) {
	if p := Metropolis(1, 1, 0); math.Abs(p-math.Exp(-1)) > 1e-12 {
		t.Errorf("Metropolis(1,1) = %v", p)
	}
	if p := ScaledMetropolis(4, 1, 4); math.Abs(p-math.Exp(-1)) > 1e-12 {
		t.Errorf("ScaledMetropolis(4,1,4) = %v", p)
	}
	if Metropolis(1, 0, 0) != 0 || ScaledMetropolis(1, 1, 0) != 0 {
		t.Error("zero temperature or scale must reject worsening moves")
	}
}

// tour is an in-place state: a permutation of points on a circle whose
// energy (tour length) is kept up to date by the moves.
type tour struct {
	order  []int
	pts    [][2]float64
	length float64
	undo   [2]int
	undoL  float64
}

func newTour(n int) *tour {
	t := &tour{}
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		t.pts = append(t.pts, [2]float64{math.Cos(a), math.Sin(a)})
		t.order = append(t.order, (i*7)%n)
	}
	t.length = t.measure()
	return t
}

func (t *tour) measure() float64 {
	s := 0.0
	for i := range t.order {
		a, b := t.pts[t.order[i]], t.pts[t.order[(i+1)%len(t.order)]]
		s += math.Hypot(a[0]-b[0], a[1]-b[1])
	}
	return s
}

func (t *tour) perturb(r *rand.Rand) *tour {
	i, j := r.IntN(len(t.order)), r.IntN(len(t.order))
	if i > j {
		i, j = j, i
	}
	t.undo, t.undoL = [2]int{i, j}, t.length
	slices.Reverse(t.order[i : j+1])
	t.length = t.measure()
	return t
}

func (t *tour) revert() {
	slices.Reverse(t.order[t.undo[0] : t.undo[1]+1])
	t.length = t.undoL
}

func TestAnnealInPlace(t *testing.T) {
	run := func(seed uint64) AnnealResult[*tour] {
		a := Annealer[*tour]{
			Perturb:    func(r *rand.Rand, s *tour) *tour { return s.perturb(r) },
			Energy:     func(s *tour) float64 { return s.length },
			Undo:       (*tour).revert,
			Clone:      func(s *tour) *tour { c := *s; c.order = slices.Clone(s.order); return &c },
			Cooling:    GeometricCooling{Start: 1, End: 0.001},
			Accept:     ScaledMetropolis,
			Steps:      20000,
			StageSteps: 200,
		}
		res, err := a.Run(WorkerRand(seed, 0), newTour(12))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run(1)
	if got := res.Final.measure(); math.Abs(got-res.FinalEnergy) > 1e-9 {
		t.Fatalf("undo left a stale energy: state %v, reported %v", got, res.FinalEnergy)
	}
	optimal := 12 * 2 * math.Sin(math.Pi/12)
	if res.BestEnergy > optimal+1e-9 {
		t.Errorf("best tour %.4f, optimal %.4f", res.BestEnergy, optimal)
	}
	if got := res.Best.measure(); math.Abs(got-res.BestEnergy) > 1e-9 {
		t.Errorf("best clone energy %v, reported %v", got, res.BestEnergy)
	}
	if res.Steps != 20000 || res.Stop != AnnealStepLimit {
		t.Errorf("steps %d stop %v", res.Steps, res.Stop)
	}
	again := run(1)
	if !slices.Equal(again.Best.order, res.Best.order) || again.Accepted != res.Accepted {
		t.Error("same seed gave a different run")
	}
}

func TestAnnealStops(t *testing.T) {
	base := Annealer[int]{
		Perturb: func(r *rand.Rand, s int) int { return s + r.IntN(3) - 1 },
		Energy:  func(s int) float64 { return math.Abs(float64(s)) },
	}
	tests := []struct {
		name string
		set  func(a *Annealer[int])
		want AnnealStop
	}{
		{"steps", func(a *Annealer[int]) { a.Steps = 50 }, AnnealStepLimit},
		{"time", func(a *Annealer[int]) { a.TimeLimit = 5 * time.Millisecond }, AnnealTimeLimit},
		{"visit", func(a *Annealer[int]) { a.Visit = func(step, _ int, _ float64) bool { return step == 9 } }, AnnealStopped},
	}
	for _, tt := range tests {
		a := base
		tt.set(&a)
		res, err := a.Run(rand.New(rand.NewPCG(1, 2)), 40)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Stop != tt.want {
			t.Errorf("%s: stopped by %v", tt.name, res.Stop)
		}
		if tt.want == AnnealStopped && res.Steps != 10 {
			t.Errorf("visit: %d steps, want 10", res.Steps)
		}
	}
}

func TestAnnealRejectsBadSetup(t *testing.T) {
	tests := []struct {
		name string
		a    Annealer[int]
	}{
		{"no callbacks", Annealer[int]{Steps: 10}},
		{"no limit", Annealer[int]{Perturb: func(*rand.Rand, int) int { return 0 }, Energy: func(int) float64 { return 0 }}},
		{"negative", Annealer[int]{Perturb: func(*rand.Rand, int) int { return 0 }, Energy: func(int) float64 { return 0 }, Steps: -1, TimeLimit: time.Second}},
	}
	for _, tt := range tests {
		if _, err := tt.a.Run(rand.New(rand.NewPCG(1, 1)), 0); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func TestAdaptiveCoolingTracksTarget(t *testing.T) {
	// A random walk on a slope: the adaptive schedule must keep roughly the
	// target share of uphill moves.
	var last CoolingStage
	a := Annealer[int]{
		Perturb:    func(r *rand.Rand, s int) int { return s + r.IntN(21) - 10 },
		Energy:     func(s int) float64 { return float64(s) },
		Cooling:    recordCooling{AdaptiveCooling{Start: 0.1, AcceptStart: 0.3, AcceptEnd: 0.3}, &last},
		Steps:      40000,
		StageSteps: 500,
	}
	if _, err := a.Run(rand.New(rand.NewPCG(3, 3)), 0); err != nil {
		t.Fatal(err)
	}
	rate := float64(last.AcceptedWorse) / float64(last.Worse)
	if rate < 0.15 || rate > 0.45 {
		t.Errorf("share of uphill moves kept %.2f, target 0.3", rate)
	}
}

type recordCooling struct {
	c    Cooling
	last *CoolingStage
}

func (r recordCooling) Temperature(st CoolingStage) float64 { *r.last = st; return r.c.Temperature(st) }

// Simulated annealing finds the lowest point of a bumpy function of an
// integer: the state is a plain value, so no Undo is needed.
func ExampleAnnealer() {
	bumpy := func(x int) float64 {
		return float64((x-37)*(x-37)) + 30*math.Sin(float64(x))
	}
	a := Annealer[int]{
		Perturb: func(r *rand.Rand, x int) int { return x + r.IntN(11) - 5 },
		Energy:  bumpy,
		Cooling: GeometricCooling{Start: 50, End: 0.1},
		Steps:   5000,
	}
	res, err := a.Run(WorkerRand(42, 0), -100)
	if err != nil {
		fmt.Println(err)
		return
	}
	best := -100
	for x := -100; x <= 100; x++ {
		if bumpy(x) < bumpy(best) {
			best = x
		}
	}
	fmt.Println(res.Best == best, res.Steps)
	// Output: true 5000
}
