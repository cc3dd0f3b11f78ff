import { useState } from 'react';
import { fileKinds } from '../../../domain/qr/files';
import { logoThumbnail } from '../codes/logo-thumbnail';
import { FileField } from './file-field';

/** The code's logo: a picture file, taken only once it has been read as a picture. */
export function LogoField({
  logo,
  onChange,
}: {
  logo: File | null;
  onChange: (logo: File | null) => void;
}) {
  const [logoError, setLogoError] = useState<string | undefined>();
  // A file named .png that is not a picture (random bytes, a renamed document) is refused here,
  // with a message, rather than listed as the logo and then silently left out of the code.
  const chooseLogo = async (file: File | null) => {
    if (file) {
      try {
        await logoThumbnail(file);
      } catch (error) {
        setLogoError(
          `"${file.name}": ${error instanceof Error ? error.message : 'this picture could not be read.'}`,
        );
        return;
      }
    }
    onChange(file);
  };
  return (
    <FileField
      name="logo"
      label="Logo (image, max 1MB)"
      kind={fileKinds.logo}
      file={logo}
      error={logoError}
      onError={setLogoError}
      onFile={(file) => void chooseLogo(file)}
    />
  );
}
