#!/bin/bash
# puts my band website on the old pc in the basement (apache is already installed)
# run from the folder with index.html in it

WEBROOT=/var/www/html
SITE_NAME="the-rusty-kettles"
BACKUP_DIR="$HOME/site_backups"

echo "DEBUG: deploying from $(pwd) to $WEBROOT"

if [ ! -f index.html ]; then
    echo "no index.html here!! wrong folder"
    exit 1
fi

# check html files quickly for broken stuff
bad=0
for f in *.html; do
    if ! grep -q "</html>" "$f"; then
        echo "WARNING: $f has no </html> tag"
        bad=$((bad+1))
    fi
done
echo "DEBUG: $bad files with warnings"

# backup what is there now
mkdir -p "$BACKUP_DIR"
stamp=$(date +%Y%m%d_%H%M)
if [ -d "$WEBROOT" ]; then
    echo "backing up current site"
    tar czf "$BACKUP_DIR/${SITE_NAME}_$stamp.tar.gz" -C "$WEBROOT" . 2>/dev/null
    echo "backup saved to $BACKUP_DIR/${SITE_NAME}_$stamp.tar.gz"
fi

# copy everything over
echo "copying html"
sudo cp -v *.html $WEBROOT/

if [ -d css ]; then
    echo "copying css"
    sudo mkdir -p $WEBROOT/css
    sudo cp -v css/* $WEBROOT/css/
fi

if [ -d images ]; then
    echo "copying images"
    sudo mkdir -p $WEBROOT/images
    sudo cp -v images/* $WEBROOT/images/
fi

if [ -d music ]; then
    echo "copying mp3s (this takes a while)"
    sudo mkdir -p $WEBROOT/music
    sudo cp music/*.mp3 $WEBROOT/music/
fi

# the guestbook php script kept saying permission denied so just open it all up
sudo chmod -R 777 $WEBROOT
echo "DEBUG: permissions fixed"

# old backups pile up, keep the last 5
n=$(ls -1 "$BACKUP_DIR" | wc -l)
if [ "$n" -gt 5 ]; then
    echo "removing old backups"
    ls -1t "$BACKUP_DIR"/*.tar.gz | tail -n +6 | while read old; do
        echo "  rm $old"
        rm -f "$old"
    done
fi

# check it actually works
code=$(curl -s -o /dev/null -w "%{http_code}" http://localhost/)
echo "DEBUG: http code $code"
if [ "$code" == "200" ]; then
    echo "site is up! http://$(hostname -I | awk '{print $1}')/"
else
    echo "something is wrong, got http $code"
fi
