/// <reference types="vite/client" />
import 'leaflet/dist/leaflet.css'
import L, { type LeafletEventHandlerFnMap } from 'leaflet'
import markerIconUrl from 'leaflet/dist/images/marker-icon.png'
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png'
import { useEffect, useMemo, useRef } from 'react'
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet'

// Leaflet finds its marker images through a CSS trick that breaks once a bundler renames them:
// give it the bundled files (served from 'self', as the page's CSP wants) and no path prefix.
L.Icon.Default.imagePath = ''
L.Icon.Default.mergeOptions({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
})

/** The pin's zoom (spec 1 §9). */
export const PIN_ZOOM = 15
/** Without a pin: the whole world. */
const WORLD: L.LatLngTuple = [20, 0]
const WORLD_ZOOM = 2

export interface CenterMapProps {
  lat: number | null
  lon: number | null
  /** The tile URL template (MAP_TILE_URL). */
  tileUrl: string
  /** The pin was dragged, or the map clicked to place it. */
  onMove: (lat: number, lon: number) => void
  disabled?: boolean
  /** Tiles could not be loaded (no access to the tile server), or loaded again. */
  onTilesFailed?: (failed: boolean) => void
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6

/** Follows the coordinates from outside (a geocoded address, a typed value) and the box's size. */
function Follow({ position }: { position: L.LatLngTuple | null }) {
  const map = useMap()
  const lat = position?.[0]
  const lon = position?.[1]
  useEffect(() => {
    if (lat === undefined || lon === undefined) return
    // Keep the person's zoom when the pin moves inside the view (after a drag, say).
    const target = L.latLng(lat, lon)
    if (!map.getBounds().pad(-0.1).contains(target) || map.getZoom() < PIN_ZOOM - 3) {
      map.setView(target, PIN_ZOOM)
    }
  }, [map, lat, lon])
  // A map inside a collapsed panel has no size yet: measure again once it shows.
  useEffect(() => {
    const container = map.getContainer()
    const observer = new ResizeObserver(() => map.invalidateSize())
    observer.observe(container)
    return () => observer.disconnect()
  }, [map])
  return null
}

function ClickToPlace({ onMove, disabled }: { onMove: CenterMapProps['onMove']; disabled: boolean }) {
  useMapEvents({
    click: (event) => {
      if (!disabled) onMove(round6(event.latlng.lat), round6(event.latlng.lng))
    },
  })
  return null
}

/** The center's map: a draggable pin at zoom 15; a click places the pin where there is none yet. */
export default function CenterMap({
  lat,
  lon,
  tileUrl,
  onMove,
  disabled = false,
  onTilesFailed,
}: CenterMapProps) {
  const position: L.LatLngTuple | null = lat !== null && lon !== null ? [lat, lon] : null
  const markerRef = useRef<L.Marker>(null)
  const onMoveRef = useRef(onMove)
  onMoveRef.current = onMove
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: () => {
        const marker = markerRef.current
        if (!marker) return
        const { lat: newLat, lng } = marker.getLatLng()
        onMoveRef.current(round6(newLat), round6(lng))
      },
    }),
    [],
  )
  const attribution = tileUrl.includes('openstreetmap.org')
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : ''
  return (
    <MapContainer
      center={position ?? WORLD}
      zoom={position ? PIN_ZOOM : WORLD_ZOOM}
      scrollWheelZoom={false}
      style={{ height: 360, width: '100%', borderRadius: 8 }}
      aria-label="Location map"
    >
      <TileLayer
        url={tileUrl}
        attribution={attribution}
        eventHandlers={{ tileerror: () => onTilesFailed?.(true), tileload: () => onTilesFailed?.(false) }}
      />
      <Follow position={position} />
      <ClickToPlace onMove={onMove} disabled={disabled || position !== null} />
      {position ? (
        <Marker
          position={position}
          draggable={!disabled}
          eventHandlers={handlers}
          ref={markerRef}
          title="Location pin"
          alt="Location pin"
        />
      ) : null}
    </MapContainer>
  )
}
