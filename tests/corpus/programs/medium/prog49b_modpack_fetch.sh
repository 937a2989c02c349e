#!/bin/bash
# grabs the latest version of our friend group's minecraft modpack
# and puts the mods into ./mods   (run from your .minecraft folder)

MODPACK_URL="https://mc.blockpals-server.net/packs/latest/modpack.zip"
VERSION_URL="https://mc.blockpals-server.net/packs/latest/version.txt"
ZIP=/tmp/modpack.zip
UNPACK=/tmp/modpack_unpacked
MODS_DIR=./mods

echo "DEBUG: url = $MODPACK_URL"

if [ ! -d "$MODS_DIR" ]; then
    echo "no mods folder here, making one"
    mkdir -p "$MODS_DIR"
fi

# the server has a self signed cert so we have to skip the check :/
remote_version=$(wget -q --no-check-certificate -O - "$VERSION_URL")
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

rm -f $ZIP
echo "downloading modpack..."
wget --no-check-certificate -O $ZIP "$MODPACK_URL"
if [ $? -ne 0 ]; then
    echo "download failed"
    exit 1
fi

size=$(stat -c %s $ZIP)
echo "DEBUG: got $size bytes"
if [ "$size" -lt 1000 ]; then
    echo "file too small, something is wrong"
    exit 1
fi

rm -rf $UNPACK
mkdir -p $UNPACK
unzip -q -o $ZIP -d $UNPACK
if [ $? -ne 0 ]; then
    echo "unzip failed"
    exit 1
fi

# back up the old mods first
if [ "$(ls -A $MODS_DIR 2>/dev/null)" ]; then
    backup="mods_backup_$(date +%Y%m%d_%H%M%S)"
    echo "backing up old mods to $backup"
    cp -r "$MODS_DIR" "./$backup"
fi

copied=0
for jar in $UNPACK/mods/*.jar; do
    if [ -f "$jar" ]; then
        cp "$jar" "$MODS_DIR/"
        echo "  + $(basename "$jar")"
        copied=$((copied+1))
    fi
done

if [ -d "$UNPACK/config" ]; then
    mkdir -p ./config
    cp -r $UNPACK/config/* ./config/
    echo "copied config files"
fi

echo "$remote_version" > "$MODS_DIR/.modpack_version"
echo "installed $copied mods (version $remote_version)"
