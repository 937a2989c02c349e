#!/usr/bin/env python3
"""Driven, damped nonlinear oscillator (Duffing type) integrated with RK4.

The forcing term F(t) is supplied as a formula, either on the command line or
in a local JSON sweep file, so students can try their own drive signals:

    x'' + 2*zeta*w0*x' + w0**2*x + beta*x**3 = F(t)
"""
import argparse
import csv
import json
import logging
import math
from pathlib import Path

LOG = logging.getLogger("duffing")
SAFE_NAMES = {name: getattr(math, name) for name in
              ("sin", "cos", "exp", "sqrt", "pi", "tanh", "floor", "fabs")}


class Forcing:
    def __init__(self, formula, **constants):
        self.formula = formula
        self.ns = dict(SAFE_NAMES, **constants)
        self._code = compile(formula, "<forcing>", "eval")

    def __call__(self, t):
        self.ns["t"] = t
        return eval(self._code, {"__builtins__": {}}, self.ns)


def rhs(t, y, p, force):
    x, v = y
    a = force(t) - 2 * p["zeta"] * p["w0"] * v - p["w0"] ** 2 * x - p["beta"] * x ** 3
    return (v, a)


def rk4(y, t, dt, p, force):
    k1 = rhs(t, y, p, force)
    k2 = rhs(t + dt / 2, [y[i] + dt / 2 * k1[i] for i in range(2)], p, force)
    k3 = rhs(t + dt / 2, [y[i] + dt / 2 * k2[i] for i in range(2)], p, force)
    k4 = rhs(t + dt, [y[i] + dt * k3[i] for i in range(2)], p, force)
    return [y[i] + dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(2)]


def simulate(p, force, t_end, dt):
    y, t, rows = [p.get("x0", 0.0), p.get("v0", 0.0)], 0.0, []
    while t < t_end:
        rows.append((t, y[0], y[1]))
        y = rk4(y, t, dt, p, force)
        t += dt
    return rows


def steady_amplitude(rows, fraction=0.25):
    tail = rows[int(len(rows) * (1 - fraction)):]
    return max(abs(r[1]) for r in tail) if tail else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--forcing", default="F0*cos(w*t)", help="formula in t")
    ap.add_argument("--sweep", type=Path, help="JSON list of {forcing, F0, w, ...}")
    ap.add_argument("--zeta", type=float, default=0.05)
    ap.add_argument("--w0", type=float, default=1.0)
    ap.add_argument("--beta", type=float, default=0.2)
    ap.add_argument("--t-end", type=float, default=200.0)
    ap.add_argument("--dt", type=float, default=0.01)
    ap.add_argument("--out", default="duffing_sweep.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    base = {"zeta": args.zeta, "w0": args.w0, "beta": args.beta}
    cases = (json.loads(args.sweep.read_text()) if args.sweep
             else [{"forcing": args.forcing, "F0": 0.3, "w": 1.2}])
    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case", "forcing", "amplitude"])
        for idx, case in enumerate(cases):
            consts = {k: v for k, v in case.items() if k != "forcing"}
            try:
                force = Forcing(case.get("forcing", args.forcing), **consts)
                rows = simulate(dict(base, **consts), force, args.t_end, args.dt)
            except (SyntaxError, NameError, ZeroDivisionError) as exc:
                LOG.error("case %d skipped: %s", idx, exc)
                continue
            amp = steady_amplitude(rows)
            writer.writerow([idx, force.formula, f"{amp:.6g}"])
            LOG.info("case %d  F(t)=%s  amplitude %.4f", idx, force.formula, amp)


if __name__ == "__main__":
    main()
