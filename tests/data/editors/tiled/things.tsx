<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="things" tilewidth="16" tileheight="32" tilecount="5" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="ground">
  <image source="collection/ground.png" width="16" height="16"/>
 </tile>
 <tile id="1" type="ground">
  <image source="collection/ground_top.png" width="16" height="16"/>
 </tile>
 <tile id="3" type="oneway" x="16" y="0" width="16" height="16">
  <image source="collection/strip.png" width="48" height="16"/>
 </tile>
 <tile id="7">
  <image source="collection/pillar.png" width="16" height="32"/>
 </tile>
 <tile id="9" type="coin">
  <image source="collection/coin.png" width="16" height="16"/>
 </tile>
</tileset>
