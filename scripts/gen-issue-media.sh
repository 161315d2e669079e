#!/bin/sh
# Generates the demo media of the issue area (D11): small SVG property pictures, PNG/JPEG/GIF issue photos
# and one two-second MP4, all drawn here, nothing downloaded. Needs only ffmpeg (apt-get install ffmpeg).
# Run from the repository root: sh scripts/gen-issue-media.sh
set -eu
out=server/files/properties/demo
mkdir -p "$out"

house() { # file, sky colour, wall colour, roof colour, floors
  floors=$5
  {
    printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">'
    printf '<rect width="320" height="200" fill="%s"/><circle cx="270" cy="40" r="20" fill="#fde68a"/>' "$2"
    printf '<rect y="170" width="320" height="30" fill="#d6c6a5"/>'
    h=$((floors * 34))
    top=$((170 - h))
    printf '<rect x="90" y="%d" width="140" height="%d" fill="%s"/>' "$top" "$h" "$3"
    printf '<path d="M80 %d L160 %d L240 %d Z" fill="%s"/>' "$top" "$((top - 30))" "$top" "$4"
    i=0
    while [ $i -lt "$floors" ]; do
      y=$((top + 8 + i * 34))
      printf '<rect x="105" y="%d" width="26" height="18" fill="#bfdbfe"/><rect x="147" y="%d" width="26" height="18" fill="#bfdbfe"/><rect x="189" y="%d" width="26" height="18" fill="#bfdbfe"/>' "$y" "$y" "$y"
      i=$((i + 1))
    done
    printf '<rect x="150" y="148" width="20" height="22" fill="#7c4a1e"/><rect x="30" y="120" width="8" height="50" fill="#7c4a1e"/><circle cx="34" cy="112" r="18" fill="#15803d"/></svg>\n'
  } > "$out/$1"
}
house qurum-heights.svg "#e0f2fe" "#f5f0e6" "#b45309" 4
house villa-mouj.svg "#dbeafe" "#ffffff" "#0f766e" 2
house khuwair-residence.svg "#ecfeff" "#e7e5e4" "#7c2d12" 3

# Issue photos: simple drawings with ffmpeg's drawbox, one per image type the gallery knows (png, jpg, gif).
shot() { # file, background, drawbox filters
  ffmpeg -loglevel error -y -f lavfi -i "color=c=$2:s=320x240:d=1" -vf "$3" -frames:v 1 "$out/$1"
}
shot sink-leak-1.png 0xe5e7eb "drawbox=x=40:y=60:w=240:h=60:c=0x9ca3af:t=fill,drawbox=x=150:y=120:w=20:h=80:c=0x6b7280:t=fill,drawbox=x=154:y=205:w=12:h=16:c=0x3b82f6:t=fill,drawbox=x=136:y=176:w=8:h=10:c=0x3b82f6:t=fill"
shot sink-leak-2.jpg 0xfef3c7 "drawbox=x=60:y=40:w=200:h=160:c=0x78716c:t=fill,drawbox=x=70:y=200:w=180:h=24:c=0x2563eb:t=fill"
shot sink-leak-3.gif 0xf1f5f9 "drawbox=x=100:y=60:w=120:h=120:c=0x0ea5e9:t=18,drawbox=x=150:y=110:w=20:h=20:c=0x0ea5e9:t=fill"
shot ac-unit.png 0xf8fafc "drawbox=x=30:y=70:w=260:h=80:c=0x64748b:t=3,drawbox=x=50:y=128:w=220:h=3:c=0x94a3b8:t=fill,drawbox=x=50:y=138:w=220:h=3:c=0x94a3b8:t=fill"
shot water-heater.png 0xf5f5f4 "drawbox=x=110:y=30:w=100:h=180:c=0x475569:t=4,drawbox=x=150:y=80:w=20:h=20:c=0xef4444:t=fill"

# The one short video: two seconds of moving colour, 320x240, H.264 with faststart so it plays at once.
ffmpeg -loglevel error -y -f lavfi -i "gradients=s=320x240:d=2:r=15:speed=0.05:c0=0x0f766e:c1=0x38bdf8:c2=0x1e3a8a:nb_colors=3" \
  -t 2 -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -movflags +faststart -an "$out/sink-leak.mp4"
ls -l "$out"
