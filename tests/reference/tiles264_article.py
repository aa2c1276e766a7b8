"""The "264" square's genetic algorithm as the article runs it, in plain CPython: the reference
that `puzzlelab bench '#/tiles264…'` times per generation (and, under `rng=python`, must match
generation for generation).

Usage: python3 tiles264_article.py SEED MAX_GENERATIONS
Prints one JSON object: {"generations", "solved", "ms_per_generation"}.
"""

import json
import math
import random
import sys
import time

TILES = [66, 66, 19, 19, 86, 86, 89, 89, 16, 16, 18, 18, 88, 96, 69, 11]
GOAL = 264
TURNED_DIGIT = {1: 1, 6: 9, 8: 8, 9: 6}
LINES = (
    [[r * 4 + c for c in range(4)] for r in range(4)]
    + [[r * 4 + c for r in range(4)] for c in range(4)]
    + [[0, 5, 10, 15], [12, 9, 6, 3]]
)


def turned(tile):
    return TURNED_DIGIT[tile % 10] * 10 + TURNED_DIGIT[tile // 10]


def score(layout):
    return sum(abs(sum(layout[c] for c in line) - GOAL) / float(GOAL) for line in LINES)


def chance(probability):
    return random.random() < probability


def exchange(layout, p_flip=0.5, p_exchange=0.95):
    cells = random.sample(range(len(layout)), k=2)
    child = layout.copy()
    for cell in cells:
        if chance(p_flip):
            child[cell] = turned(child[cell])
    if chance(p_exchange):
        child[cells[0]], child[cells[1]] = child[cells[1]], child[cells[0]]
    return child


def scramble(p_flip=0.5):
    return [turned(t) if chance(p_flip) else t for t in random.sample(TILES, k=len(TILES))]


def run(max_generations, size=1000, keep=100):
    population = [scramble() for _ in range(size)]
    for generation in range(1, max_generations + 1):
        ranked = sorted(zip(map(score, population), population), key=lambda pair: pair[0])[:keep]
        if math.isclose(ranked[0][0], 0.0):
            return generation, True
        parents = [layout for _, layout in ranked]
        population = [exchange(p) for p in random.choices(parents, k=size - keep)]
        population += [scramble() for _ in range(keep)]
    return max_generations, False


def main():
    seed, max_generations = int(sys.argv[1]), int(sys.argv[2])
    random.seed(seed)
    started = time.perf_counter()
    generations, solved = run(max_generations)
    elapsed_ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"generations": generations, "solved": solved, "ms_per_generation": elapsed_ms / generations}))


main()
