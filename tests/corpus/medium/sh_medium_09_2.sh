#!/bin/sh
docker run --rm alpine echo hi
