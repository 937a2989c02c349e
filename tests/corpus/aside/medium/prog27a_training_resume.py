#!/usr/bin/env python3
"""Resume a surrogate-model training run from the newest checkpoint.

Checkpoints are written by torch.save into ./ckpt; optimizer and RNG
state come from a pickled side file. Run inside a Slurm allocation.
"""
import glob
import os
import pickle
import sys

import torch
import torch.nn as nn

CKPT_DIR = "ckpt"


class Surrogate(nn.Module):
    def __init__(self, n_in=6, n_hidden=128, n_out=3):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_in, n_hidden), nn.SiLU(),
            nn.Linear(n_hidden, n_hidden), nn.SiLU(),
            nn.Linear(n_hidden, n_out),
        )

    def forward(self, x):
        return self.net(x)


def newest_checkpoint():
    files = sorted(glob.glob(os.path.join(CKPT_DIR, "epoch_*.pt")))
    return files[-1] if files else None


def load_state(model, optimizer, path):
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    side = path.replace(".pt", ".aux.pkl")
    if os.path.exists(side):
        with open(side, "rb") as fh:
            aux = pickle.load(fh)
        optimizer.load_state_dict(aux["optimizer"])
        torch.set_rng_state(aux["rng"])
        return aux["epoch"] + 1
    return state.get("epoch", 0) + 1


def save_state(model, optimizer, epoch):
    os.makedirs(CKPT_DIR, exist_ok=True)
    path = os.path.join(CKPT_DIR, f"epoch_{epoch:04d}.pt")
    torch.save({"model": model.state_dict(), "epoch": epoch}, path)
    with open(path.replace(".pt", ".aux.pkl"), "wb") as fh:
        pickle.dump({"optimizer": optimizer.state_dict(),
                     "rng": torch.get_rng_state(), "epoch": epoch}, fh)
    return path


def synthetic_batch(n=512):
    x = torch.rand(n, 6)
    y = torch.stack([x[:, 0] * x[:, 1], torch.sin(x[:, 2] * 3.14),
                     x[:, 3:].sum(dim=1)], dim=1)
    return x, y


def main():
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = Surrogate().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    start = 0
    ckpt = newest_checkpoint()
    if ckpt:
        start = load_state(model, optimizer, ckpt)
        print(f"resumed from {ckpt} at epoch {start}")
    loss_fn = nn.MSELoss()
    epochs = int(os.environ.get("EPOCHS", "50"))
    for epoch in range(start, epochs):
        model.train()
        total = 0.0
        for _ in range(20):
            x, y = synthetic_batch()
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch:4d} loss {total / 20:.5f}")
        if epoch % 5 == 4 or epoch == epochs - 1:
            print("  saved", save_state(model, optimizer, epoch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
