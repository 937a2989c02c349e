import argparse
import os
import subprocess


def run(cmd, cwd=None):
    print("+", " ".join(cmd))
    subprocess.run(cmd, cwd=cwd, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="all")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args()
    os.makedirs("build", exist_ok=True)
    run(["cmake", "-S", ".", "-B", "build"])
    run(["make", "-C", "build", f"-j{args.jobs}", args.target])


main()
