/* The plain C N-queens counter that `puzzlelab bench '#/queens?n=N'` times beside ours:
 * recursive bitboard backtracking, the first queen in the left half of the first row and the
 * count doubled (its mirror images), the middle column of an odd board counted once.
 * Usage: queens_counter N. Prints {"count": C, "ms": T}, T the count's own time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t place(uint32_t full, uint32_t cols, uint32_t left, uint32_t right) {
    if (cols == full) return 1;
    uint32_t free = full & ~(cols | left | right);
    uint64_t count = 0;
    while (free) {
        uint32_t bit = free & -free;
        free ^= bit;
        count += place(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

static uint64_t start(uint32_t full, int col) {
    uint32_t bit = 1u << col;
    return place(full, bit, bit << 1, bit >> 1);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 31) {
        fprintf(stderr, "usage: queens_counter N (1 to 31)\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint32_t full = (1u << n) - 1;
    uint64_t half = 0;
    for (int col = 0; col < n / 2; col++) half += start(full, col);
    uint64_t count = 2 * half + (n % 2 ? start(full, n / 2) : 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("{\"count\": %llu, \"ms\": %.6f}\n", (unsigned long long)count, ms);
    return 0;
}
