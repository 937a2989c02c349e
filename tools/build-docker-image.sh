#!/usr/bin/env bash
# Builds the Docker backend's image (config/sandbox.yaml docker.image) without
# a registry: a root file system assembled from this host's python3 (its
# standard library, python3-pip and its wheels), /bin/sh and a few basic
# tools, each with the shared libraries it needs, then `docker import`.
# Idempotent: an image whose mai-sandbox.content label matches what would be
# built is kept. Usage: tools/build-docker-image.sh [IMAGE] [--force]
set -euo pipefail
cd "$(dirname "$0")/.."

image=""
force=0
for a in "$@"; do
  case "$a" in
    --force) force=1 ;;
    -*) echo "build-docker-image: unknown option $a" >&2; exit 2 ;;
    *) image="$a" ;;
  esac
done
if [ -z "$image" ]; then
  image=$(sed -n '/^docker:/,/^[^ ]/s/^  image: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' config/sandbox.yaml)
fi
[ -n "$image" ] || { echo "build-docker-image: no docker.image in config/sandbox.yaml" >&2; exit 2; }
command -v docker >/dev/null || { echo "build-docker-image: the docker CLI is not installed" >&2; exit 1; }
docker version >/dev/null 2>&1 || { echo "build-docker-image: the Docker daemon does not answer" >&2; exit 1; }

python=$(readlink -f /usr/bin/python3)
pyver=$(/usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
# Tools that shell programs and the tests expect (the native sandbox sees all of /usr).
tools=(sh dash bash cat ls echo sleep id head tail dd mkdir rm cp mv touch chmod env true false
       grep sed uname kill yes wc sort stat cut tr seq timeout readlink ln tee printf test expr
       basename dirname pwd hostname ps)
# What decides the content: bump the version when this script changes what it copies.
content=$( { echo v2; echo "$python $pyver"; dpkg-query -W python3 "python$pyver-minimal" python3-pip \
             libc6 coreutils dash 2>/dev/null; echo "${tools[*]}"; } | sha256sum | cut -c1-16)

if [ "$force" = 0 ] && [ "$(docker image inspect -f '{{index .Config.Labels "mai-sandbox.content"}}' "$image" 2>/dev/null)" = "$content" ]; then
  echo "build-docker-image: $image is up to date ($content)"
  exit 0
fi

root=$(mktemp -d /tmp/mai-docker-root.XXXXXX)
trap 'rm -rf "$root"' EXIT

# Merged /usr: /bin, /lib... point into /usr like on the host, made first so
# that every copy lands in its canonical directory.
for d in bin sbin lib lib64; do
  if [ -L "/$d" ]; then ln -s "$(readlink "/$d")" "$root/$d"; fi
done

copy() {  # copy paths (keeping symlinks, and copying their targets too)
  local p dir dest
  for p in "$@"; do
    [ -e "$p" ] || [ -L "$p" ] || continue
    dir=$(readlink -f "$(dirname "$p")")
    dest="$root$dir/$(basename "$p")"
    mkdir -p "$root$dir"
    [ -e "$dest" ] || [ -L "$dest" ] || cp -a "$p" "$dest"
    if [ -L "$p" ]; then copy "$(readlink -f "$p")"; fi
  done
}

bins=("$python" /usr/bin/python3 "/usr/bin/python$pyver")
for t in "${tools[@]}"; do
  p=$(command -v "$t" 2>/dev/null || true)
  case "$p" in /*) bins+=("$p") ;; esac
done
copy "${bins[@]}"
copy "/usr/lib/python$pyver" /usr/lib/python3/dist-packages/pip /usr/share/python-wheels
# pip's own metadata (it checks its version) and Debian's sitecustomize.
copy /usr/lib/python3/dist-packages/pip-*.dist-info "/etc/python$pyver" 2>/dev/null || true
rm -rf "$root/usr/lib/python$pyver/test" "$root/usr/lib/python$pyver/idlelib" \
       "$root/usr/lib/python$pyver/tkinter" "$root/usr/lib/python$pyver/ensurepip"

# Shared libraries of every ELF file copied so far, and the dynamic loader.
# (ldd fails on the scripts among them: its status is not the pipeline's.)
libs=$( { find "$root" -type f \( -perm -u+x -o -name '*.so*' \) -print0 |
          xargs -0 ldd 2>/dev/null || true; } | awk '/=> \//{print $3} /^\t\/.*ld-linux/{print $1}' | sort -u)
for l in $libs; do copy "$l"; done
copy /lib64/ld-linux-x86-64.so.2 /etc/ld.so.cache
if [ -d /etc/ssl/certs ]; then mkdir -p "$root/etc/ssl"; cp -aL /etc/ssl/certs "$root/etc/ssl/"; fi

mkdir -p "$root"/{tmp,sandbox,proc,sys,dev,etc}
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nsandbox:x:1000:1000:sandbox:/sandbox:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$root/etc/passwd"
printf 'root:x:0:\nsandbox:x:1000:\nnogroup:x:65534:\n' >"$root/etc/group"
: >"$root/etc/hosts"

old_id=$(docker image inspect -f '{{.Id}}' "$image" 2>/dev/null || true)
echo "build-docker-image: importing $(du -sh "$root" | cut -f1) as $image"
tar -C "$root" --numeric-owner -c . |
  docker import -c "LABEL mai-sandbox.content=$content" -c 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
    -c 'WORKDIR /sandbox' -c 'USER 1000:1000' -m "mai-sandbox python image" - "$image" >/dev/null
# The replaced image would linger untagged: remove it (unless a container still uses it).
new_id=$(docker image inspect -f '{{.Id}}' "$image")
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then docker rmi "$old_id" >/dev/null 2>&1 || true; fi
echo "build-docker-image: $image built ($content)"
