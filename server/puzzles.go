package server

import "net/http"

// routePuzzles adds the routes of Linjat, 2048, dungeon layouts and tile
// sets (see docs/server.md): thin layers over packages linjat, twenty48,
// dungeon and tiles, their heavy work on the server's worker slots.
func (s *Server) routePuzzles(mux *http.ServeMux) {
	s.routeLinjat(mux)
	s.route2048(mux)
	s.routeDungeon(mux)
	s.routeTiles(mux)
}
