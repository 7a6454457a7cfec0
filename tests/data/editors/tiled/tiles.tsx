<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="quickstep" tilewidth="16" tileheight="16" tilecount="64" columns="16">
 <image source="tiles.png" width="256" height="64"/>
 <tile id="40" type="ground"/>
 <tile id="41" type="ground"/>
 <tile id="42" type="oneway"/>
 <tile id="43" type="spikes"/>
 <tile id="44" type="ice"/>
</tileset>
