/* Pieces: boxes projected onto the variables their address uses, in a
 * canonical form, so that identical ones count once and translates of one
 * address are emitted as one union (box_pieces.c). Used by wave_boxes.c. */
#ifndef WARPEST_BOX_PIECES_H
#define WARPEST_BOX_PIECES_H

#include <stdint.h>

#include "cache/wave_rows.h"

typedef struct piece {
	int store, bytes, n;
	int64_t a[N_BOX_VARS], lo[N_BOX_VARS], hi[N_BOX_VARS];
	int64_t c0;
} piece;

/* A growing array of pieces; zero-initialise, free p. */
typedef struct piece_list {
	piece *p;
	int64_t n, cap;
} piece_list;

/* The piece of the `bytes`-wide accesses at `addr` over `bx`. */
void make_piece(const box *bx, const box_form *addr, int store, int bytes, piece *p);

/* Appends a copy of *p; -1 on allocation failure. */
int push_piece(piece_list *pl, const piece *p);

/* Emits the union of the pieces (sorted and deduplicated in place, grouped
 * by their coefficients) into em; -1 on allocation failure. */
int emit_pieces(emitter *em, piece_list *pl);

#endif
