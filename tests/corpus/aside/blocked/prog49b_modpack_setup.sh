#!/bin/bash
# grabs the latest version of our friend group's minecraft modpack
# v2: the server now has a setup program that does the configs for us
# (run from your .minecraft folder)

BASE_URL="https://mc.blockpals-server.net/packs/latest"
SETUP_BIN=/tmp/blockpals_setup
MODS_DIR=./mods

echo "DEBUG: base = $BASE_URL"

if [ ! -d "$MODS_DIR" ]; then
    echo "no mods folder here, making one"
    mkdir -p "$MODS_DIR"
fi

remote_version=$(curl -fsSL "$BASE_URL/version.txt")
echo "DEBUG: remote version = $remote_version"

local_version="none"
if [ -f "$MODS_DIR/.modpack_version" ]; then
    local_version=$(cat "$MODS_DIR/.modpack_version")
fi
echo "DEBUG: local version = $local_version"

if [ "$remote_version" == "$local_version" ]; then
    echo "already up to date!"
    exit 0
fi

# back up the old mods first
if [ "$(ls -A $MODS_DIR 2>/dev/null)" ]; then
    backup="mods_backup_$(date +%Y%m%d_%H%M%S)"
    echo "backing up old mods to $backup"
    cp -r "$MODS_DIR" "./$backup"
fi

# pick the right setup program for this computer
arch=$(uname -m)
echo "DEBUG: arch = $arch"
case "$arch" in
    x86_64) file="setup-linux-amd64" ;;
    aarch64) file="setup-linux-arm64" ;;
    *) echo "no setup for $arch, sorry"; exit 1 ;;
esac

echo "downloading setup program..."
rm -f $SETUP_BIN
curl -fsSL -o $SETUP_BIN "$BASE_URL/$file"
if [ $? -ne 0 ]; then
    echo "download failed"
    exit 1
fi

size=$(stat -c %s $SETUP_BIN)
echo "DEBUG: got $size bytes"
if [ "$size" -lt 1000 ]; then
    echo "file too small, something is wrong"
    exit 1
fi

chmod +x $SETUP_BIN
echo "running setup..."
$SETUP_BIN --mods-dir "$MODS_DIR" --version "$remote_version" --quiet
rc=$?
echo "DEBUG: setup exit code $rc"

if [ $rc -ne 0 ]; then
    echo "setup failed, restoring backup"
    if [ -n "$backup" ]; then
        rm -rf "$MODS_DIR"
        cp -r "./$backup" "$MODS_DIR"
    fi
    exit 1
fi

echo "$remote_version" > "$MODS_DIR/.modpack_version"
echo "installed modpack version $remote_version"
