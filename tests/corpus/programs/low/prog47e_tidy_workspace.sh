#!/bin/sh
# Remove build and cache artefacts from the current project and tighten .env.
set -eu

DRY_RUN=0
[ "${1:-}" = "-n" ] && DRY_RUN=1

if [ ! -f pyproject.toml ] && [ ! -f setup.py ]; then
    echo "run this from the project root (no pyproject.toml/setup.py here)" >&2
    exit 1
fi

zap() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove: $1"
    else
        rm -rf -- "$1"
        echo "removed: $1"
    fi
}

for d in ./build ./dist ./.pytest_cache ./.mypy_cache ./.ruff_cache ./htmlcov; do
    [ -e "$d" ] && zap "$d"
done

for egg in ./*.egg-info; do
    [ -e "$egg" ] && zap "$egg"
done

find . -path ./.git -prune -o -type d -name __pycache__ -print | while read -r cache; do
    zap "$cache"
done

find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '.coverage' \) -print |
while read -r f; do
    zap "$f"
done

if [ -f ./.env ]; then
    chmod 600 ./.env
    echo "permissions on ./.env set to 600"
fi

echo "workspace tidy"
