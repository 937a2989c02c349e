#!/usr/bin/env bash
# Add a swap file of the requested size and make it survive reboots.
set -euo pipefail

SIZE_GB="${1:-4}"
SWAPFILE="${SWAPFILE:-/swapfile}"
SWAPPINESS="${SWAPPINESS:-10}"

die() { echo "error: $*" >&2; exit 1; }

[[ "$SIZE_GB" =~ ^[0-9]+$ ]] || die "size must be a whole number of GiB"

free_gb=$(df --output=avail -BG / | tail -1 | tr -dc '0-9')
(( free_gb > SIZE_GB + 2 )) || die "only ${free_gb}G free on /"

if swapon --show=NAME --noheadings | grep -qx "$SWAPFILE"; then
    echo "$SWAPFILE is already active"; exit 0
fi

echo "creating ${SIZE_GB}G swap at $SWAPFILE"
sudo fallocate -l "${SIZE_GB}G" "$SWAPFILE"
sudo chmod 600 "$SWAPFILE"
sudo mkswap "$SWAPFILE" >/dev/null
sudo swapon "$SWAPFILE"

if ! grep -qs "^$SWAPFILE " /etc/fstab; then
    echo "$SWAPFILE none swap sw 0 0" | sudo tee -a /etc/fstab >/dev/null
fi

sudo sysctl -q vm.swappiness="$SWAPPINESS"
echo "vm.swappiness=$SWAPPINESS" | sudo tee /etc/sysctl.d/99-swappiness.conf >/dev/null

swapon --show
free -h
