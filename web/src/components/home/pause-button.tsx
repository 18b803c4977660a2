interface PauseButtonProps {
  playing: boolean;
  onToggle: () => void;
  pauseLabel: string;
  playLabel: string;
}

/** The visible control that stops and restarts a carousel that moves by itself. */
export function PauseButton({ playing, onToggle, pauseLabel, playLabel }: PauseButtonProps) {
  return (
    <button type="button" className="carousel-pause" onClick={onToggle}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {playing ? <path d="M4 3h3v10H4zM9 3h3v10H9z" /> : <path d="M4 2.5v11l9-5.5z" />}
      </svg>
      <span className="visually-hidden">{playing ? pauseLabel : playLabel}</span>
    </button>
  );
}
