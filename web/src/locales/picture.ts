import { deferredTexts } from './add-texts';
import en from './en/picture.json';
import it from './it/picture.json';

// The texts of the Contact Us form's picture control once a picture is chosen (its preview,
// size, problems) travel with the control's script part, as the `picture` namespace: the
// pages never carry them. The control's button and its one-line note are the form's own.
const picture = deferredTexts('picture', { en, it });
export const usePictureTexts = picture.use;
