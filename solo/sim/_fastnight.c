/* The simulator's fast form: whole nights of Night of the Thirteenth played in C.
 *
 * The rules are solo/nott/game.py's Game, move for move, and the policies are
 * solo/sim/policies.py's naive, careful and spread; this file is only a faster way to play
 * them. Chance comes from the stream of solo/sim/stream.py (xoshiro256** seeded through
 * splitmix64; every draw is `below(n) = ((next >> 32) * n) >> 32`), so the core Game driven
 * by that stream plays exactly the same nights: tests/sim/test_fast_differential.py compares
 * the table after every Test.
 *
 * Piles keep the core's order. The Threat Deck's top is deckbuf[dh]; the Trophy Pile is
 * stored bottom first (its top is trophy[tn - 1]); the Number Reserve's next card is nres[nh].
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXCAST 8
#define DECKCAP 256
#define RED_JOKER 52
#define BLACK_JOKER 53

enum { NAIVE = 0, CAREFUL = 1, SPREAD = 2 };
enum { ALIVE = 0, BY_STRIKES = 1, BY_RED_JOKER = 2 };

/* ---------------------------------------------------------------- the chance stream */

typedef struct { uint64_t s[4]; } rng_t;

static inline uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed) {
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static inline int below(rng_t *r, int n) { return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32); }

static inline void shuffle(rng_t *r, int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(r, i + 1);
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* ---------------------------------------------------------------- rules and table */

typedef struct {
    int trophy_ten, empty_base, fallback, fm[3], genre_points, strikes_to_die, fast_setup;
} rules_t;

typedef struct {
    const rules_t *R;
    int n, apt[MAXCAST], policy;
    int deckbuf[DECKCAP], dh, dn;
    int trophy[64], tn;
    int nres[40], nh, nn;
    int res[3][4], rn[3];
    int jokers_in;
    int strikes[MAXCAST], genre[MAXCAST], dead[MAXCAST], nliving;
    int pool, spent, weak[4], found, endgame, tests, tests_to_endgame;
    int main_, fallout, rerolled;
    int outcome; /* -1 the night goes on, 0 everyone dead, 1 dawn */
    int bj_s, bj_f, rj_f;
    int error;
    rng_t ch, pol;
} game_t;

static inline int card(int rank, int suit) { return suit * 13 + rank - 1; }
static inline int is_face(int c) { return c < 52 && c % 13 >= 10; }
static inline int is_number(int c) { return c < 52 && c % 13 < 10; }

static inline void deck_push(game_t *g, int c) {
    if (g->dh + g->dn >= DECKCAP) {
        memmove(g->deckbuf, g->deckbuf + g->dh, sizeof(int) * (size_t)g->dn);
        g->dh = 0;
    }
    g->deckbuf[g->dh + g->dn++] = c;
}

static inline void deck_remove(game_t *g, int c) { /* list.remove: the first occurrence */
    int *d = g->deckbuf + g->dh;
    for (int i = 0; i < g->dn; i++) {
        if (d[i] == c) {
            memmove(d + i, d + i + 1, sizeof(int) * (size_t)(g->dn - i - 1));
            g->dn--;
            return;
        }
    }
}

static inline void trophy_shuffle(game_t *g) {
    /* SeededChance's and the stream's Trophy shuffle: a uniform new top card (index 0 in
       the core's top-first list) swapped with index j. */
    int n = g->tn;
    if (n > 1) {
        int j = below(&g->ch, n);
        int *t = g->trophy;
        int a = n - 1, b = n - 1 - j;
        int x = t[a]; t[a] = t[b]; t[b] = x;
    }
}

static inline int base_difficulty(const game_t *g) {
    return g->tn ? g->trophy[g->tn - 1] % 13 + 1 : g->R->empty_base;
}

static inline int difficulty(const game_t *g, int c) {
    if (c >= 52) return base_difficulty(g);
    int r = c % 13 + 1;
    if (r <= 10) return r;
    return base_difficulty(g) + g->R->fm[r - 11];
}

static inline int strike_due(int c, int success, int f) {
    if (c == RED_JOKER) return 0;
    if (c == BLACK_JOKER) return !success && f == 4;
    int r = c % 13 + 1;
    if (r >= 11) return !success || f == 4;
    return !success && f == 4 && r >= 5;
}

static int pop_at(int *a, int *n, int i) {
    int c = a[i];
    memmove(a + i, a + i + 1, sizeof(int) * (size_t)(*n - i - 1));
    (*n)--;
    return c;
}

static void setup(game_t *g) {
    const rules_t *R = g->R;
    int by_rank[14][4], cnt[14];
    for (int r = 1; r <= 13; r++) {
        cnt[r] = 4;
        for (int s = 0; s < 4; s++) by_rank[r][s] = card(r, s);
    }
    if (R->fast_setup)
        for (int r = 2; r <= 10; r++) pop_at(by_rank[r], &cnt[r], below(&g->ch, cnt[r]));
    int first_jack = pop_at(by_rank[11], &cnt[11], below(&g->ch, cnt[11]));
    int threat[16], tn = 0;
    for (int r = 2; r <= 4; r++)
        for (int i = 0; i < cnt[r]; i++) threat[tn++] = by_rank[r][i];
    threat[tn++] = first_jack;
    shuffle(&g->ch, threat, tn);
    int aces[4];
    memcpy(aces, by_rank[1], sizeof aces);
    shuffle(&g->ch, aces, 4);
    g->dh = 0;
    g->dn = 0;
    for (int i = 0; i < 4; i++) g->deckbuf[g->dn++] = aces[i];
    for (int i = 0; i < tn; i++) g->deckbuf[g->dn++] = threat[i];
    g->nh = 0;
    g->nn = 0;
    for (int r = 5; r <= 10; r++) {
        int *grp = g->nres + g->nn;
        memcpy(grp, by_rank[r], sizeof(int) * (size_t)cnt[r]);
        shuffle(&g->ch, grp, cnt[r]);
        g->nn += cnt[r];
    }
    g->tn = 0;
    if (R->trophy_ten) g->trophy[g->tn++] = g->nres[--g->nn];
    for (int k = 0; k < 3; k++) {
        g->rn[k] = cnt[11 + k];
        memcpy(g->res[k], by_rank[11 + k], sizeof(int) * (size_t)cnt[11 + k]);
    }
    g->jokers_in = 1;
    for (int i = 0; i < g->n; i++) {
        g->strikes[i] = 0;
        g->genre[i] = 0;
        g->dead[i] = ALIVE;
    }
    g->nliving = g->n;
    g->pool = R->genre_points;
    g->spent = 0;
    for (int s = 0; s < 4; s++) g->weak[s] = -1;
    g->found = 0;
    g->endgame = 0;
    g->tests = 0;
    g->tests_to_endgame = -1;
    g->rerolled = 0;
    g->outcome = -1;
    g->bj_s = g->bj_f = g->rj_f = 0;
    g->error = 0;
    /* _reveal(): the first card is an Ace, never a Joker. */
}

static int draw_face(game_t *g, int kind) {
    int last = g->R->fallback ? 3 : kind + 1;
    for (int k = kind; k < last; k++) {
        if (g->rn[k]) {
            int i = g->rn[k] > 1 ? below(&g->ch, g->rn[k]) : 0;
            int c = pop_at(g->res[k], &g->rn[k], i);
            deck_push(g, c);
            return c;
        }
    }
    return -1;
}

static void strike(game_t *g, int t) {
    if (++g->strikes[t] >= g->R->strikes_to_die) {
        g->dead[t] = BY_STRIKES;
        g->nliving--;
    }
}

static void resolve_number(game_t *g, int c, int success) {
    g->dh++;
    g->dn--;
    if (success) g->trophy[g->tn++] = c;
    else deck_push(g, c);
    if (g->nn) {
        deck_push(g, g->nres[g->nh++]);
        g->nn--;
    } else if (g->R->fallback) {
        draw_face(g, 0);
    }
}

static void begin_endgame(game_t *g) {
    g->endgame = 1;
    g->tests_to_endgame = g->tests;
    int *d = g->deckbuf + g->dh, k = 0;
    for (int i = 0; i < g->dn; i++)
        if (!is_number(d[i])) d[k++] = d[i];
    g->dn = k;
    if (g->jokers_in) {
        deck_push(g, RED_JOKER);
        deck_push(g, BLACK_JOKER);
        g->jokers_in = 0;
    }
}

static void resolve_face(game_t *g, int c, int success, int f) {
    if (success) {
        draw_face(g, f <= 2 ? 0 : 1);
        int s = c / 13;
        if (g->weak[s] == -1) {
            g->weak[s] = c;
            g->found++;
            deck_remove(g, c);
            if (g->found == 4 && !g->endgame) begin_endgame(g);
        }
    } else {
        draw_face(g, 2);
    }
    shuffle(&g->ch, g->deckbuf + g->dh, g->dn);
    trophy_shuffle(g);
}

static void resolve_joker(game_t *g, int j, int success, int t) {
    if (j == RED_JOKER) {
        if (success) {
            g->outcome = 1;
            return;
        }
        g->rj_f++;
        if (g->dead[t] == ALIVE) {
            g->dead[t] = BY_RED_JOKER;
            g->nliving--;
        }
        if (g->nliving) shuffle(&g->ch, g->deckbuf + g->dh, g->dn);
        return;
    }
    if (success) {
        g->bj_s++;
        int *d = g->deckbuf + g->dh, top = -1, nbest = 0, best[64];
        for (int i = 0; i < g->dn; i++)
            if (is_face(d[i]) && d[i] % 13 > top) top = d[i] % 13;
        if (top >= 0) {
            for (int i = 0; i < g->dn; i++)
                if (is_face(d[i]) && d[i] % 13 == top) best[nbest++] = d[i];
            int removed = best[nbest > 1 ? below(&g->ch, nbest) : 0];
            deck_remove(g, removed);
        }
    } else {
        g->bj_f++;
        draw_face(g, 2);
    }
    deck_remove(g, j);
}

static void resolve(game_t *g, int t, int adjust) {
    int c = g->deckbuf[g->dh];
    int f = g->fallout + adjust;
    f = f < 1 ? 1 : f > 4 ? 4 : f;
    int diff = difficulty(g, c);
    int success = g->main_ + f >= diff;
    g->tests++;
    g->rerolled = 0;
    if ((!success || f == 4) && strike_due(c, success, f)) strike(g, t);
    if (c >= 52) resolve_joker(g, c, success, t);
    else if (c % 13 >= 10) resolve_face(g, c, success, f);
    else resolve_number(g, c, success);
    if (g->outcome < 0) {
        if (!g->nliving) {
            g->outcome = 0;
        } else {
            if (!g->dn) { g->error = 1; g->outcome = 0; return; }
            if (g->deckbuf[g->dh] >= 52) trophy_shuffle(g);
        }
    }
}

/* ---------------------------------------------------------------- policies */

static int fewest_strikes_living(const game_t *g) {
    int best = -1;
    for (int i = 0; i < g->n; i++)
        if (g->dead[i] == ALIVE && (best < 0 || g->strikes[i] < g->strikes[best])) best = i;
    return best;
}

static int choose_tester(game_t *g) {
    if (g->policy == NAIVE) {
        int k = below(&g->pol, g->nliving);
        for (int i = 0; i < g->n; i++)
            if (g->dead[i] == ALIVE && k-- == 0) return i;
        return -1;
    }
    if (g->policy == SPREAD) {
        int best = -1;
        for (int i = 0; i < g->n; i++) {
            if (g->dead[i] != ALIVE) continue;
            if (best < 0 || g->strikes[i] < g->strikes[best]
                || (g->strikes[i] == g->strikes[best] && g->genre[i] > g->genre[best]))
                best = i;
        }
        return best;
    }
    int c = g->deckbuf[g->dh];
    if (c < 52) {
        int s = c / 13, best = -1;
        for (int i = 0; i < g->n; i++)
            if (g->apt[i] == s && g->dead[i] == ALIVE && (best < 0 || g->strikes[i] < g->strikes[best])) best = i;
        if (best >= 0) return best;
    }
    return fewest_strikes_living(g);
}

/* best_adjust(): (adjust, strike, success) — no Strike, then success, then lower Fallout. */
static void best_adjust(const game_t *g, int t, int *adj, int *strk, int *succ) {
    int c = g->deckbuf[g->dh];
    int diff = difficulty(g, c);
    int f0 = g->fallout;
    if (c >= 52 || g->apt[t] != c / 13) {
        int success = g->main_ + f0 >= diff;
        *adj = 0;
        *strk = (!success || f0 == 4) && strike_due(c, success, f0);
        *succ = success;
        return;
    }
    int best_key = 1 << 30;
    for (int a = -1; a <= 1; a++) {
        int f = f0 + a;
        if (f < 1 || f > 4) continue;
        int success = g->main_ + f >= diff;
        int s = strike_due(c, success, f);
        int key = s * 100 + (!success) * 10 + f;
        if (key < best_key) {
            best_key = key;
            *adj = a;
            *strk = s;
            *succ = success;
        }
    }
}

typedef struct {
    PyObject *list; /* trace: one snapshot after every Test, or NULL */
} trace_t;

static PyObject *snapshot(const game_t *g);

/* One whole night. Returns 0, or -1 with a Python error set (trace only). */
static int play(game_t *g, trace_t *tr) {
    setup(g);
    while (g->outcome < 0) {
        int t = choose_tester(g);
        g->main_ = below(&g->ch, 10);
        g->fallout = below(&g->ch, 4) + 1;
        int adj = 0;
        if (g->policy != NAIVE) {
            for (;;) {
                int strk, succ;
                best_adjust(g, t, &adj, &strk, &succ);
                int c = g->deckbuf[g->dh];
                if (!g->rerolled && (strk || (!succ && (c >= 52 || c % 13 >= 10)))) {
                    if (g->genre[t] <= 0) {
                        if (g->pool <= 0) break;
                        g->pool--;
                        g->genre[t]++;
                    }
                    g->genre[t]--;
                    g->spent++;
                    int m = below(&g->ch, 10);
                    g->fallout = below(&g->ch, 4) + 1;
                    g->main_ = m < 9 ? m + 1 : 9;
                    g->rerolled = 1;
                    continue;
                }
                break;
            }
        }
        resolve(g, t, adj);
        if (tr && tr->list) {
            PyObject *s = snapshot(g);
            if (!s || PyList_Append(tr->list, s) < 0) {
                Py_XDECREF(s);
                return -1;
            }
            Py_DECREF(s);
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- Python glue */

static PyObject *ints(const int *a, int n, int reversed) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(a[reversed ? n - 1 - i : i]));
    return t;
}

static PyObject *snapshot(const game_t *g) {
    static const int jokers[2] = {RED_JOKER, BLACK_JOKER};
    PyObject *outcome = g->outcome < 0 ? Py_NewRef(Py_None) : PyBool_FromLong(g->outcome);
    PyObject *tte = g->tests_to_endgame < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(g->tests_to_endgame);
    /* In the order of solo/sim/fast.py's TABLE_FIELDS. */
    return Py_BuildValue(
        "(NNNNNNNNNNiiNNiNN)",
        ints(g->deckbuf + g->dh, g->dn, 0), ints(g->trophy, g->tn, 1), ints(g->nres + g->nh, g->nn, 0),
        ints(g->res[0], g->rn[0], 0), ints(g->res[1], g->rn[1], 0), ints(g->res[2], g->rn[2], 0),
        ints(jokers, g->jokers_in ? 2 : 0, 0), ints(g->strikes, g->n, 0), ints(g->genre, g->n, 0),
        ints(g->dead, g->n, 0), g->pool, g->spent, ints(g->weak, 4, 0), PyBool_FromLong(g->endgame),
        g->tests, tte, outcome);
}

static int parse_setup(game_t *g, rules_t *R, int policy, PyObject *apts, PyObject *rules) {
    if (!PyArg_ParseTuple(rules, "iiiiiiiii;rules: (trophy_ten, empty_base, fallback, jack, queen, king, "
                                 "genre_points, strikes_to_die, fast_setup)",
                          &R->trophy_ten, &R->empty_base, &R->fallback, &R->fm[0], &R->fm[1], &R->fm[2],
                          &R->genre_points, &R->strikes_to_die, &R->fast_setup))
        return -1;
    if (policy < NAIVE || policy > SPREAD) {
        PyErr_SetString(PyExc_ValueError, "policy must be 0 (naive), 1 (careful) or 2 (spread)");
        return -1;
    }
    Py_ssize_t n = PyTuple_Size(apts);
    if (n < 1 || n > MAXCAST) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the cast needs 1 to 8 aptitudes");
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->R = R;
    g->n = (int)n;
    g->policy = policy;
    for (Py_ssize_t i = 0; i < n; i++) {
        long a = PyLong_AsLong(PyTuple_GET_ITEM(apts, i));
        if (a == -1 && PyErr_Occurred()) return -1;
        if (a < 0 || a > 3) {
            PyErr_SetString(PyExc_ValueError, "an aptitude is a suit 0-3");
            return -1;
        }
        g->apt[i] = (int)a;
    }
    return 0;
}

static void seed_game(game_t *g, uint64_t gs) {
    rng_seed(&g->ch, gs);
    rng_seed(&g->pol, gs ^ 0x5EEDULL);
}

static PyObject *fast_trace(PyObject *self, PyObject *args) {
    unsigned long long gs;
    int policy;
    PyObject *apts, *rules;
    if (!PyArg_ParseTuple(args, "KiO!O!", &gs, &policy, &PyTuple_Type, &apts, &PyTuple_Type, &rules)) return NULL;
    game_t g;
    rules_t R;
    if (parse_setup(&g, &R, policy, apts, rules) < 0) return NULL;
    seed_game(&g, (uint64_t)gs);
    trace_t tr = {PyList_New(0)};
    if (!tr.list) return NULL;
    if (play(&g, &tr) < 0) {
        Py_DECREF(tr.list);
        return NULL;
    }
    if (g.error) {
        Py_DECREF(tr.list);
        PyErr_SetString(PyExc_RuntimeError, "the Threat Deck is empty (a rules-core bug)");
        return NULL;
    }
    return tr.list;
}

/* tally(seed, start, stop, policy, aptitudes, rules): totals over games start..stop-1, game i
   seeded with seed * 1_000_003 + i (mod 2**64). */
static PyObject *fast_tally(PyObject *self, PyObject *args) {
    unsigned long long seed;
    long long start, stop;
    int policy;
    PyObject *apts, *rules;
    if (!PyArg_ParseTuple(args, "KLLiO!O!", &seed, &start, &stop, &policy, &PyTuple_Type, &apts,
                          &PyTuple_Type, &rules))
        return NULL;
    game_t g;
    rules_t R;
    if (parse_setup(&g, &R, policy, apts, rules) < 0) return NULL;
    long long wins = 0, tests_sum = 0, won_tests = 0, eg_n = 0, eg_sum = 0, strikes = 0, d_str = 0, d_rj = 0;
    long long spent = 0, bj_s = 0, bj_f = 0, rj_f = 0, alive[MAXCAST] = {0};
    Py_ssize_t hcap = 256, hmax = 0;
    long long *hist = PyMem_RawCalloc((size_t)hcap, sizeof(long long));
    if (!hist) return PyErr_NoMemory();
    int err = 0;
    Py_BEGIN_ALLOW_THREADS
    for (long long i = start; i < stop; i++) {
        seed_game(&g, (uint64_t)seed * 1000003ULL + (uint64_t)i);
        play(&g, NULL);
        if (g.error) { err = 1; break; }
        if (g.tests >= hcap) {
            Py_ssize_t ncap = hcap;
            while (ncap <= g.tests) ncap *= 2;
            long long *h = PyMem_RawRealloc(hist, sizeof(long long) * (size_t)ncap);
            if (!h) { err = 2; break; }
            memset(h + hcap, 0, sizeof(long long) * (size_t)(ncap - hcap));
            hist = h;
            hcap = ncap;
        }
        hist[g.tests]++;
        if (g.tests + 1 > hmax) hmax = g.tests + 1;
        tests_sum += g.tests;
        if (g.outcome == 1) {
            wins++;
            won_tests += g.tests;
        }
        if (g.tests_to_endgame >= 0) {
            eg_n++;
            eg_sum += g.tests_to_endgame;
        }
        for (int k = 0; k < g.n; k++) {
            alive[k] += g.dead[k] == ALIVE;
            strikes += g.strikes[k];
            d_str += g.dead[k] == BY_STRIKES;
            d_rj += g.dead[k] == BY_RED_JOKER;
        }
        spent += g.spent;
        bj_s += g.bj_s;
        bj_f += g.bj_f;
        rj_f += g.rj_f;
    }
    Py_END_ALLOW_THREADS
    if (err) {
        PyMem_RawFree(hist);
        if (err == 2) return PyErr_NoMemory();
        PyErr_SetString(PyExc_RuntimeError, "the Threat Deck is empty (a rules-core bug)");
        return NULL;
    }
    PyObject *h = PyList_New(hmax);
    PyObject *al = PyTuple_New(g.n);
    if (!h || !al) {
        PyMem_RawFree(hist);
        Py_XDECREF(h);
        Py_XDECREF(al);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < hmax; k++) PyList_SET_ITEM(h, k, PyLong_FromLongLong(hist[k]));
    for (int k = 0; k < g.n; k++) PyTuple_SET_ITEM(al, k, PyLong_FromLongLong(alive[k]));
    PyMem_RawFree(hist);
    return Py_BuildValue("{sLsLsNsLsLsLsLsLsLsLsLsLsLsLsN}",
                         "games", stop > start ? stop - start : 0LL, "wins", wins, "alive", al,
                         "tests_sum", tests_sum, "won_tests_sum", won_tests, "endgames", eg_n,
                         "tests_to_endgame_sum", eg_sum, "strikes", strikes, "deaths_by_strikes", d_str,
                         "deaths_by_red_joker", d_rj, "genre_spent", spent, "black_joker_success", bj_s,
                         "black_joker_failure", bj_f, "red_joker_failure", rj_f, "tests_hist", h);
}

static PyObject *fast_draws(PyObject *self, PyObject *args) {
    /* Raw 64-bit outputs number skip .. skip + count - 1 of the stream seeded `seed`. */
    unsigned long long seed;
    long long skip, count;
    if (!PyArg_ParseTuple(args, "KLL", &seed, &skip, &count)) return NULL;
    if (skip < 0 || count < 0) {
        PyErr_SetString(PyExc_ValueError, "skip and count cannot be negative");
        return NULL;
    }
    rng_t r;
    rng_seed(&r, (uint64_t)seed);
    for (long long i = 0; i < skip; i++) rng_next(&r);
    PyObject *out = PyList_New((Py_ssize_t)count);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < (Py_ssize_t)count; i++)
        PyList_SET_ITEM(out, i, PyLong_FromUnsignedLongLong(rng_next(&r)));
    return out;
}

static PyMethodDef methods[] = {
    {"tally", fast_tally, METH_VARARGS, "tally(seed, start, stop, policy, aptitudes, rules) -> totals"},
    {"trace", fast_trace, METH_VARARGS, "trace(game_seed, policy, aptitudes, rules) -> table after every Test"},
    {"draws", fast_draws, METH_VARARGS, "draws(seed, skip, count) -> raw outputs skip .. skip + count - 1 of the stream"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastnight",
                                    "Whole nights of Night of the Thirteenth in C (see solo/sim/fast.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__fastnight(void) { return PyModule_Create(&module); }
