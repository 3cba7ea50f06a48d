package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ludus-games/ludus/internal/chrometest"
)

// browsercheck SVG PNG [SVG PNG...] draws each SVG file in a real browser
// (headless Chromium) and checks what a person would see: every text lies
// inside the picture, and the picture matches the PNG that ludus drew of
// the same thing (within what fonts and anti-aliasing change), so that an
// SVG the browser reads differently from the PNG backend (a polyline
// filled black, a title cut off) fails.
func browsercheck(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! browsercheck")
	}
	if len(args) == 0 || len(args)%2 != 0 {
		ts.Fatalf("usage: browsercheck SVG PNG [SVG PNG...]")
	}
	profile, err := os.MkdirTemp("", "ludus-chrome")
	ts.Check(err)
	defer os.RemoveAll(profile)
	ctx, stop, err := chrometest.Start(2*time.Minute, profile)
	ts.Check(err)
	defer stop()
	for i := 0; i < len(args); i += 2 {
		if err := checkInBrowser(ctx, ts.MkAbs(args[i]), ts.MkAbs(args[i+1])); err != nil {
			ts.Fatalf("%s: %v", args[i], err)
		}
		ts.Logf("%s: as drawn by the browser, matches %s", args[i], args[i+1])
	}
}

var svgSize = regexp.MustCompile(`<svg[^>]* width="([0-9.]+)" height="([0-9.]+)"`)

func checkInBrowser(ctx context.Context, svgPath, pngPath string) error {
	src, err := os.ReadFile(svgPath)
	if err != nil {
		return err
	}
	m := svgSize.FindSubmatch(src)
	if m == nil {
		return fmt.Errorf("no width and height on the svg element")
	}
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	h, _ := strconv.ParseFloat(string(m[2]), 64)
	f, err := os.Open(pngPath)
	if err != nil {
		return err
	}
	want, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", pngPath, err)
	}
	scale := float64(want.Bounds().Dx()) / w
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(int64(math.Ceil(w)), int64(math.Ceil(h)), chromedp.EmulateScale(scale)),
		chromedp.Navigate("file://"+filepath.ToSlash(svgPath)))
	if err != nil {
		return err
	}
	outside, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`Array.from(document.querySelectorAll("text")).filter(t => {
			const b = t.getBBox();
			return b.x < -1 || b.y < -1 || b.x + b.width > %g || b.y + b.height > %g;
		}).map(t => t.textContent)`, w+1, h+1)))
	if err != nil {
		return err
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	if len(outside) > 0 {
		return fmt.Errorf("text drawn outside the %gx%g picture: %q", w, h, outside)
	}
	got, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return err
	}
	if dg, dw := darkShare(got), darkShare(want); dg > dw+0.005 {
		seen := strings.TrimSuffix(svgPath, ".svg") + ".browser.png"
		os.WriteFile(seen, shot, 0o644)
		return fmt.Errorf("%.1f%% of the browser's picture is black, %.1f%% of %s: a shape filled that should not be (the browser's is in %s)",
			100*dg, 100*dw, filepath.Base(pngPath), seen)
	}
	if frac := blockDifference(got, want, 8); frac > 0.04 {
		// Keep the browser's picture beside the others for a look
		// (go test -testwork keeps the directory).
		seen := strings.TrimSuffix(svgPath, ".svg") + ".browser.png"
		os.WriteFile(seen, shot, 0o644)
		return fmt.Errorf("%.1f%% of the browser's picture differs from %s (the browser's is in %s)",
			100*frac, filepath.Base(pngPath), seen)
	}
	return nil
}

// blockDifference compares two pictures of one size (within a pixel) by
// the mean colour of k-by-k blocks, which fonts and anti-aliasing barely
// change, and returns the share of blocks whose means differ by more than
// a fifth of the range in some channel.
func blockDifference(a, b image.Image, k int) float64 {
	ab, bb := a.Bounds(), b.Bounds()
	w, h := min(ab.Dx(), bb.Dx()), min(ab.Dy(), bb.Dy())
	if max(ab.Dx(), bb.Dx())-w > 2 || max(ab.Dy(), bb.Dy())-h > 2 {
		return 1
	}
	mean := func(img image.Image, x0, y0 int) [3]float64 {
		var s [3]float64
		n := 0.0
		for y := y0; y < min(y0+k, h); y++ {
			for x := x0; x < min(x0+k, w); x++ {
				r, g, bl, _ := img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y).RGBA()
				s[0], s[1], s[2] = s[0]+float64(r>>8), s[1]+float64(g>>8), s[2]+float64(bl>>8)
				n++
			}
		}
		return [3]float64{s[0] / n, s[1] / n, s[2] / n}
	}
	differ, total := 0, 0
	for y := 0; y < h; y += k {
		for x := 0; x < w; x += k {
			ma, mb := mean(a, x, y), mean(b, x, y)
			total++
			for c := range 3 {
				if math.Abs(ma[c]-mb[c]) > 51 {
					differ++
					break
				}
			}
		}
	}
	return float64(differ) / float64(total)
}

// darkShare returns the share of a picture's pixels that are near black.
func darkShare(img image.Image) float64 {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 48 && g>>8 < 48 && bl>>8 < 48 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}
