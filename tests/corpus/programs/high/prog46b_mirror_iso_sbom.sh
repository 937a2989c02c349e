#!/usr/bin/env bash
# Produce a CSV bill of materials for an offline Debian package mirror that
# is shipped to air-gapped sites as an ISO image.
#   usage: mirror_iso_sbom.sh mirror-2024-q3.iso [out.csv]
set -euo pipefail

ISO="${1:?usage: $0 IMAGE.iso [out.csv]}"
OUT="${2:-$(basename "${ISO%.iso}")-bom.csv}"
MNT="/mnt/pkg-mirror"
MOUNTED=0

info() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

release_mount() {
    if [ "$MOUNTED" -eq 1 ]; then
        info "unmounting $MNT"
        sudo umount "$MNT" || sudo umount -l "$MNT"
    fi
}
trap release_mount EXIT

[ -f "$ISO" ] || { info "no such image: $ISO"; exit 1; }
command -v dpkg-deb >/dev/null || { info "dpkg-deb not found"; exit 1; }

if ! lsmod | grep -q '^loop'; then
    info "loading loop module"
    sudo modprobe loop max_loop=16
fi

sudo mkdir -p "$MNT"
if mountpoint -q "$MNT"; then
    info "$MNT already in use"
    exit 1
fi
sudo mount -o loop,ro,nodev,nosuid "$ISO" "$MNT"
MOUNTED=1
info "mounted $ISO on $MNT"

if [ -f "$MNT/dists/stable/Release" ]; then
    origin=$(awk -F': ' '/^Origin:/{print $2}' "$MNT/dists/stable/Release")
    date_line=$(awk -F': ' '/^Date:/{print $2}' "$MNT/dists/stable/Release")
    info "mirror origin=$origin date=$date_line"
fi

echo "package,version,architecture,maintainer,sha256,path" > "$OUT"
total=0
while IFS= read -r -d '' deb; do
    fields=$(dpkg-deb -f "$deb" Package Version Architecture Maintainer 2>/dev/null) || {
        info "unreadable: $deb"; continue; }
    pkg=$(awk -F': ' '/^Package:/{print $2}' <<<"$fields")
    ver=$(awk -F': ' '/^Version:/{print $2}' <<<"$fields")
    arch=$(awk -F': ' '/^Architecture:/{print $2}' <<<"$fields")
    maint=$(awk -F': ' '/^Maintainer:/{print $2}' <<<"$fields" | tr -d ',')
    sum=$(sha256sum "$deb" | cut -d' ' -f1)
    printf '%s,%s,%s,%s,%s,%s\n' "$pkg" "$ver" "$arch" "$maint" "$sum" "${deb#"$MNT"/}" >> "$OUT"
    total=$((total + 1))
    if (( total % 500 == 0 )); then
        info "$total packages processed"
    fi
done < <(find "$MNT/pool" -type f -name '*.deb' -print0)

info "wrote $total entries to $OUT"
