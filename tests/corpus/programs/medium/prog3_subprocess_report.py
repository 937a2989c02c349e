import subprocess
from pathlib import Path

REPOS = Path.home() / "src"


def summary(repo):
    out = subprocess.run(["git", "-C", str(repo), "log", "--oneline", "-5"],
                         capture_output=True, text=True, check=False)
    return out.stdout.strip()


def main():
    for repo in sorted(REPOS.iterdir()):
        if (repo / ".git").is_dir():
            print(f"== {repo.name}")
            print(summary(repo))


if __name__ == "__main__":
    main()
