import { useEffect, useRef, useState } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { createQrReader } from '../qr-reader';

/** How often a frame is read: often enough to feel instant, rarely enough for an old phone. */
const READ_EVERY_MS = 200;
/** A ticket held in front of the camera is read many times: it counts once until out of view this long. */
const SAME_TICKET_MS = 4_000;

type CameraState = 'off' | 'starting' | 'on';

/** What to tell the volunteer when the camera cannot start. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera is not allowed. Allow this site to use the camera in the browser’s settings, or look the person up by name below.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'No camera could be used on this device. Look the person up by name below.';
  }
  return 'The camera could not start. Look the person up by name below.';
}

/**
 * The camera, started on a button press, reading QR codes from its frames
 * and handing each ticket's token to `onTicket` once while it stays in view.
 * Why it could not start is shown until the volunteer hides it (a desk
 * without a camera works by name alone).
 */
export function TicketScanner({ onTicket }: { onTicket: (token: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('off');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onTicketRef = useRef(onTicket);
  useEffect(() => {
    onTicketRef.current = onTicket;
  }, [onTicket]);

  const start = async () => {
    setProblem(null);
    // Absent outside a secure context (and in old browsers), whatever the types say.
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (!devices) {
      setProblem('This browser cannot use a camera here. Look the person up by name below.');
      return;
    }
    setCamera('starting');
    try {
      const opened = await devices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      setStream(opened);
      setCamera('on');
    } catch (error) {
      setCamera('off');
      setProblem(cameraProblem(error));
    }
  };

  const stop = () => {
    setStream(null);
    setCamera('off');
  };

  // While the camera is on: show it, read a frame every READ_EVERY_MS, and stop it when done.
  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return undefined;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    let stopped = false;
    // A function, since the compiler would take the flag read after an await for the one read before it.
    const isStopped = () => stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { token: '', seenAt: 0 };
    void createQrReader().then((read) => {
      const tick = async () => {
        if (isStopped()) return;
        const token = await read(video).catch(() => null);
        if (isStopped()) return;
        if (token) {
          const now = Date.now();
          const same = token === last.token && now - last.seenAt < SAME_TICKET_MS;
          last = { token, seenAt: now };
          if (!same) onTicketRef.current(token);
        }
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
  }, [stream]);

  return (
    <section className="check-in-scanner" aria-labelledby="check-in-scanner-title">
      <h2 id="check-in-scanner-title">Scan a ticket</h2>
      {problem && (
        <div className="check-in-camera-problem">
          <FormMessage tone="error">{problem}</FormMessage>
          <Button
            variant="secondary"
            onClick={() => {
              setProblem(null);
            }}
          >
            Hide this notice
          </Button>
        </div>
      )}
      <video
        ref={videoRef}
        className="check-in-camera"
        hidden={camera !== 'on'}
        muted
        playsInline
        aria-label="Camera view: hold the ticket’s QR code in the frame"
      />
      <p className="button-row">
        {camera === 'on' ? (
          <Button variant="secondary" onClick={stop}>
            Stop the camera
          </Button>
        ) : (
          <Button onClick={() => void start()} disabled={camera === 'starting'}>
            {camera === 'starting' ? 'Starting the camera…' : 'Start the camera'}
          </Button>
        )}
      </p>
    </section>
  );
}
