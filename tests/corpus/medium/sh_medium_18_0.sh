#!/bin/sh
rsync -av ./site/ user@example.com:/var/www/
