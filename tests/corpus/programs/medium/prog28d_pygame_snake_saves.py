#!/usr/bin/env python3
"""Snake with save slots.

Arrow keys to steer, P to pause, F5 quicksave, F9 quickload, Esc to quit.
Save slots are pickled GameState objects in ./saves/slotN.sav so friends can
swap save files on the class Discord.
"""
import argparse
import logging
import os
import pickle
import random
import sys
from dataclasses import dataclass, field

import pygame

CELL = 20
GRID_W, GRID_H = 32, 24
SAVE_DIR = "saves"
COLORS = {"bg": (18, 18, 24), "snake": (80, 200, 120), "head": (140, 240, 160),
          "food": (230, 80, 80), "text": (230, 230, 230)}
DIRS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
        pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}

log = logging.getLogger("snake")


@dataclass
class GameState:
    body: list = field(default_factory=lambda: [(GRID_W // 2, GRID_H // 2)])
    direction: tuple = (1, 0)
    food: tuple = (5, 5)
    score: int = 0
    speed: int = 8
    alive: bool = True

    def place_food(self):
        free = [(x, y) for x in range(GRID_W) for y in range(GRID_H) if (x, y) not in self.body]
        self.food = random.choice(free)

    def step(self):
        hx, hy = self.body[0]
        dx, dy = self.direction
        head = ((hx + dx) % GRID_W, (hy + dy) % GRID_H)
        if head in self.body:
            self.alive = False
            return
        self.body.insert(0, head)
        if head == self.food:
            self.score += 10
            if self.score % 50 == 0:
                self.speed += 1
            self.place_food()
        else:
            self.body.pop()


def slot_path(slot):
    return os.path.join(SAVE_DIR, f"slot{slot}.sav")


def save_game(state, slot):
    os.makedirs(SAVE_DIR, exist_ok=True)
    with open(slot_path(slot), "wb") as fh:
        pickle.dump(state, fh)
    log.info("saved slot %d (score %d)", slot, state.score)


def load_game(slot):
    path = slot_path(slot)
    if not os.path.exists(path):
        log.warning("slot %d is empty", slot)
        return None
    with open(path, "rb") as fh:
        state = pickle.load(fh)
    log.info("loaded slot %d (score %d)", slot, state.score)
    return state


def draw(screen, font, state, paused):
    screen.fill(COLORS["bg"])
    fx, fy = state.food
    pygame.draw.rect(screen, COLORS["food"], (fx * CELL, fy * CELL, CELL, CELL))
    for i, (x, y) in enumerate(state.body):
        color = COLORS["head"] if i == 0 else COLORS["snake"]
        pygame.draw.rect(screen, color, (x * CELL + 1, y * CELL + 1, CELL - 2, CELL - 2))
    label = f"score {state.score}" + ("   PAUSED" if paused else "")
    if not state.alive:
        label += "   GAME OVER - R to restart"
    screen.blit(font.render(label, True, COLORS["text"]), (8, 4))
    pygame.display.flip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--slot", type=int, default=1, choices=range(1, 6))
    ap.add_argument("--load", action="store_true", help="start from the save slot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    pygame.init()
    screen = pygame.display.set_mode((GRID_W * CELL, GRID_H * CELL))
    pygame.display.set_caption("snake")
    font = pygame.font.SysFont("monospace", 18)
    clock = pygame.time.Clock()

    state = (load_game(args.slot) if args.load else None) or GameState()
    paused = False
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    running = False
                elif event.key in DIRS:
                    nd = DIRS[event.key]
                    if (nd[0] + state.direction[0], nd[1] + state.direction[1]) != (0, 0):
                        state.direction = nd
                elif event.key == pygame.K_p:
                    paused = not paused
                elif event.key == pygame.K_F5:
                    save_game(state, args.slot)
                elif event.key == pygame.K_F9:
                    state = load_game(args.slot) or state
                elif event.key == pygame.K_r and not state.alive:
                    state = GameState()
        if not paused and state.alive:
            state.step()
        draw(screen, font, state, paused)
        clock.tick(state.speed)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
