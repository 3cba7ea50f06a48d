package main

import (
	"fmt"
	"io"

	"github.com/ludus-games/ludus/render"
)

// savePicture writes a drawing to path, SVG or PNG by its extension, and
// says so on w: every command that draws reports the file it wrote.
func savePicture(w io.Writer, path string, d *render.Drawing) error {
	if err := render.Save(path, d); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "wrote %s\n", path)
	return err
}
